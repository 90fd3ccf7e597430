import type { AppConfig } from '../../config.ts';
import { notFound } from '../../lib/http-error.ts';
import { createDoksDriver } from './doks-driver.ts';
import { createFaultInjector } from './fault-injector.ts';
import { createGkeDriver } from './gke-driver.ts';
import type { ProviderDriver } from './provider-driver.ts';
import { providerProfiles } from './provider-profiles.ts';
import { createSimulatedDriver } from './simulated-driver.ts';

/**
 * A driver for every provider of the catalog: the embedded simulation, except DigitalOcean's
 * when DIGITALOCEAN_TOKEN is set (the real DOKS driver) and Google's when GKE_PROJECT is (the
 * real GKE driver, which loads Google's client only at its first call). Each driver says which it is
 * (`simulated`), and the pages show it (see docs/provider-drivers.md).
 */
export function createProviderRegistry(
  config: Pick<AppConfig, 'providerSimSpeed' | 'kubeApiUrl'> &
    Partial<Pick<AppConfig, 'digitalocean' | 'gke'>>,
) {
  const faults = createFaultInjector();
  const drivers = new Map<string, ProviderDriver>(
    Object.values(providerProfiles).map((profile) => [
      profile.slug,
      createSimulatedDriver(profile, {
        speed: config.providerSimSpeed,
        faults,
        apiBaseUrl: config.kubeApiUrl,
      }),
    ]),
  );
  if (config.digitalocean) drivers.set('doks', createDoksDriver(config.digitalocean));
  if (config.gke) drivers.set('gke', createGkeDriver(config.gke));
  return {
    /** The provider's driver; 404 for a slug the platform does not know. */
    driver(slug: string): ProviderDriver {
      const driver = drivers.get(slug);
      if (!driver) throw notFound(`There is no provider ${slug}`);
      return driver;
    },
    /** The slugs of the providers whose driver is real, not simulated. */
    realProviders: () => [...drivers.values()].filter((d) => !d.simulated).map((d) => d.slug),
    /** Switches failures of the simulated providers on, for tests and demos. */
    faults,
    /** How long a simulated second lasts, in ms: back-offs shrink with it. */
    simulatedSecondMs: 1000 / config.providerSimSpeed,
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
