import type { AppConfig } from '../../config.ts';
import { notFound } from '../../lib/http-error.ts';
import { createFaultInjector } from './fault-injector.ts';
import type { ProviderDriver } from './provider-driver.ts';
import { providerProfiles } from './provider-profiles.ts';
import { createSimulatedDriver } from './simulated-driver.ts';

/**
 * A driver for every provider of the catalog. Each is the embedded simulation today; a real
 * driver replaces one entry here (see docs/provider-drivers.md) and nothing else changes.
 */
export function createProviderRegistry(config: Pick<AppConfig, 'providerSimSpeed' | 'kubeApiUrl'>) {
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
  return {
    /** The provider's driver; 404 for a slug the platform does not know. */
    driver(slug: string): ProviderDriver {
      const driver = drivers.get(slug);
      if (!driver) throw notFound(`There is no provider ${slug}`);
      return driver;
    },
    /** Switches failures of the simulated providers on, for tests and demos. */
    faults,
    /** How long a simulated second lasts, in ms: back-offs shrink with it. */
    simulatedSecondMs: 1000 / config.providerSimSpeed,
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
