import type { DoApi, DoOptions } from './doks-api.ts';
import { newestOfMinor } from './provider-versions.ts';

/**
 * The platform's node sizes as DigitalOcean's Droplet slugs: the catalog names sizes the same on
 * every provider, and DOKS's nearest size serves each. A size missing here is not sold on DOKS.
 */
export const DOKS_SIZES: Record<string, string> = {
  's-2vcpu-4gb': 's-2vcpu-4gb',
  'm-4vcpu-16gb': 'g-4vcpu-16gb',
  'l-8vcpu-32gb': 'g-8vcpu-32gb',
  'xl-16vcpu-64gb': 'g-16vcpu-64gb',
  'gpu-8vcpu-64gb-l4': 'gpu-l40sx1-48gb',
  'gpu-16vcpu-128gb-h100': 'gpu-h100x1-80gb',
};

/** How long a read of DigitalOcean's offer is trusted before it is read again. */
const OFFER_TTL_MS = 10 * 60_000;

/**
 * One of DigitalOcean's lists of what it offers, read at most every ten minutes: `current` waits
 * for a fresh one, `refresh` reads now (the health check does, so the pages are up to date),
 * `known` answers the last one at once (null before the first) and starts a read when it is old.
 * Reads asked together share one call.
 */
export function cachedRead<T>(read: (signal?: AbortSignal) => Promise<T>) {
  let cached: { value: T; at: number } | null = null;
  let reading: Promise<T> | null = null;

  async function refresh(signal?: AbortSignal): Promise<T> {
    reading ??= read(signal).finally(() => (reading = null));
    const value = await reading;
    cached = { value, at: Date.now() };
    return value;
  }
  const fresh = () => cached !== null && Date.now() - cached.at < OFFER_TTL_MS;

  return {
    async current(signal?: AbortSignal): Promise<T> {
      return fresh() ? cached!.value : refresh(signal);
    },
    refresh,
    known(): T | null {
      if (!fresh()) void refresh().catch(() => {});
      return cached?.value ?? null;
    },
  };
}

/**
 * What DigitalOcean offers now (`GET /v2/kubernetes/options`), read at most every ten minutes,
 * and what of an order it no longer offers: a region, a size or a Kubernetes minor that is not
 * in its answer is not sold (the dry run, the order and the create step refuse it).
 */
export const createDoksOffer = (api: DoApi) =>
  cachedRead((signal?: AbortSignal): Promise<DoOptions> => api.options(signal));
export type DoksOffer = ReturnType<typeof createDoksOffer>;

/** What DigitalOcean does not offer of a configuration, in the customer's words. */
export function offerProblems(
  options: DoOptions,
  config: { region: string; kubernetesVersion: string; nodePools: { size: string }[] },
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (!options.regions.some((region) => region.slug === config.region)) {
    problems.push({
      path: ['region'],
      message: `DigitalOcean no longer offers Kubernetes in ${config.region}`,
    });
  }
  if (!versionSlug(options.versions, config.kubernetesVersion)) {
    problems.push({
      path: ['kubernetesVersion'],
      message: `DigitalOcean no longer offers Kubernetes ${config.kubernetesVersion}`,
    });
  }
  config.nodePools.forEach((pool, index) => {
    const slug = DOKS_SIZES[pool.size];
    if (!slug || !options.sizes.some((size) => size.slug === slug)) {
      problems.push({
        path: ['nodePools', index, 'size'],
        message: `DigitalOcean does not offer ${pool.size} for Kubernetes now`,
      });
    }
  });
  return problems;
}

/** DigitalOcean's newest version slug of a minor ("1.36" → "1.36.5-do.0"), or null. */
export function versionSlug(
  versions: { slug: string; kubernetes_version: string }[],
  minor: string,
) {
  const newest = newestOfMinor(
    versions.map((version) => version.kubernetes_version),
    minor,
  );
  return versions.find((version) => version.kubernetes_version === newest)?.slug ?? null;
}
