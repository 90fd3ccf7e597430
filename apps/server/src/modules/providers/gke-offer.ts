import type { GkeApi, GkeServerConfig } from './gke-api.ts';
import { newestOfMinor } from './provider-versions.ts';

/**
 * The platform's node sizes as Compute Engine machine types: the catalog names sizes the same on
 * every provider, and GKE's nearest machine type serves each (the GPU sizes: the machine type
 * that carries one such GPU). A size missing here is not sold on GKE.
 */
export const GKE_SIZES: Record<string, string> = {
  's-2vcpu-4gb': 'e2-medium',
  'm-4vcpu-16gb': 'e2-standard-4',
  'l-8vcpu-32gb': 'e2-standard-8',
  'xl-16vcpu-64gb': 'e2-standard-16',
  'gpu-8vcpu-64gb-l4': 'g2-standard-8',
  'gpu-16vcpu-128gb-h100': 'a3-highgpu-1g',
};

/**
 * The zone of each catalog region where a cluster's nodes run (and a zonal control plane):
 * Google names zones per region, not all with an `-a` (St. Ghislain starts at `-b`). A region
 * missing here is not sold on GKE.
 */
export const GKE_ZONES: Record<string, string> = {
  'europe-west3': 'europe-west3-a',
  'europe-west9': 'europe-west9-a',
  'europe-west1': 'europe-west1-b',
  'us-east4': 'us-east4-a',
};

/** How long a read of a location's `serverConfig` is trusted before it is read again. */
const CONFIG_TTL_MS = 10 * 60_000;

/**
 * What Google offers now in each region (`GET …/locations/{region}/serverConfig`), read at most
 * every ten minutes: a region whose server config Google refuses, or a minor that is not among
 * its valid master versions, is not sold (the dry run, the order and the create step refuse it).
 */
export function createGkeOffer(api: GkeApi, regions: () => string[]) {
  const cached = new Map<string, { config: GkeServerConfig | null; at: number }>();
  const reading = new Map<string, Promise<GkeServerConfig | null>>();

  function read(region: string, signal?: AbortSignal) {
    let pending = reading.get(region);
    if (!pending) {
      pending = api
        .serverConfig(region, signal)
        .then((config) => {
          cached.set(region, { config, at: Date.now() });
          return config;
        })
        .finally(() => reading.delete(region));
      reading.set(region, pending);
    }
    return pending;
  }
  const fresh = (region: string) => {
    const entry = cached.get(region);
    return entry && Date.now() - entry.at < CONFIG_TTL_MS ? entry : null;
  };

  return {
    /** A region's server config, fresh within ten minutes; null where GKE is not offered. */
    async current(region: string, signal?: AbortSignal) {
      const entry = fresh(region);
      return entry ? entry.config : read(region, signal);
    },
    /** Reads every catalog region now: the health check does, so the provider page is current. */
    async refresh(signal?: AbortSignal) {
      const all = regions();
      const configs = await Promise.all(all.map((region) => read(region, signal)));
      return new Map(all.map((region, index) => [region, configs[index] ?? null]));
    },
    /** The last answer for a region, without waiting (undefined before the first read). */
    known(region: string): GkeServerConfig | null | undefined {
      if (!fresh(region)) void read(region).catch(() => {});
      return cached.get(region)?.config;
    },
  };
}
export type GkeOffer = ReturnType<typeof createGkeOffer>;

/** What Google does not offer of a configuration, in the customer's words. */
export function offerProblems(
  config: GkeServerConfig | null,
  order: { region: string; kubernetesVersion: string; nodePools: { size: string }[] },
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (!config || !GKE_ZONES[order.region]) {
    problems.push({
      path: ['region'],
      message: `Google no longer offers Kubernetes Engine in ${order.region}`,
    });
  } else if (!newestOfMinor(config.validMasterVersions, order.kubernetesVersion)) {
    problems.push({
      path: ['kubernetesVersion'],
      message: `Google Kubernetes Engine no longer offers Kubernetes ${order.kubernetesVersion} in ${order.region}`,
    });
  }
  order.nodePools.forEach((pool, index) => {
    if (!GKE_SIZES[pool.size]) {
      problems.push({
        path: ['nodePools', index, 'size'],
        message: `Google Kubernetes Engine has no machine type for ${pool.size}`,
      });
    }
  });
  return problems;
}
