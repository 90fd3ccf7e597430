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

/** What Google offers in one region: its server config and the node zone's machine types. */
export interface GkeRegionOffer {
  /** Null where Google offers GKE there no more (it refuses the region's server config). */
  config: GkeServerConfig | null;
  /** The node zone's machine types of `GKE_SIZES`, with their vCPUs; null when unreadable. */
  machineTypes: Map<string, number> | null;
}

/** How long a read of a region's offer is trusted before it is read again. */
const OFFER_TTL_MS = 10 * 60_000;

/**
 * What Google offers now in each region, read at most every ten minutes: its server config
 * (`GET …/locations/{region}/serverConfig`) and, from Compute Engine, the node zone's machine
 * types. A region whose server config Google refuses, a minor that is not among its valid master
 * versions, or a size whose machine type the zone does not list is not sold (the dry run, the
 * order and the create step refuse it).
 */
export function createGkeOffer(api: GkeApi, regions: () => string[]) {
  const cached = new Map<string, { offer: GkeRegionOffer; at: number }>();
  const reading = new Map<string, Promise<GkeRegionOffer>>();

  function read(region: string, signal?: AbortSignal) {
    let pending = reading.get(region);
    if (!pending) {
      const zone = GKE_ZONES[region];
      pending = Promise.all([
        api.serverConfig(region, signal),
        zone ? api.machineTypes(zone, Object.values(GKE_SIZES), signal) : null,
      ])
        .then(([config, machineTypes]) => {
          const offer = { config, machineTypes };
          cached.set(region, { offer, at: Date.now() });
          return offer;
        })
        .finally(() => reading.delete(region));
      reading.set(region, pending);
    }
    return pending;
  }
  const fresh = (region: string) => {
    const entry = cached.get(region);
    return entry && Date.now() - entry.at < OFFER_TTL_MS ? entry : null;
  };

  return {
    /** A region's offer, fresh within ten minutes (read now when it is older). */
    async current(region: string, signal?: AbortSignal): Promise<GkeRegionOffer> {
      return fresh(region)?.offer ?? read(region, signal);
    },
    /** Reads every catalog region now: the health check does, so the provider page is current. */
    async refresh(signal?: AbortSignal) {
      const all = regions();
      const offers = await Promise.all(all.map((region) => read(region, signal)));
      return new Map(all.map((region, index) => [region, offers[index]!]));
    },
    /** The last answer for a region, without waiting (undefined before the first read). */
    known(region: string): GkeRegionOffer | undefined {
      if (!fresh(region)) void read(region).catch(() => {});
      return cached.get(region)?.offer;
    },
  };
}
export type GkeOffer = ReturnType<typeof createGkeOffer>;

/** What Google does not offer of a configuration, in the customer's words. */
export function offerProblems(
  offer: GkeRegionOffer,
  order: { region: string; kubernetesVersion: string; nodePools: { size: string }[] },
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const { config, machineTypes } = offer;
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
    const type = GKE_SIZES[pool.size];
    if (!type) {
      problems.push({
        path: ['nodePools', index, 'size'],
        message: `Google Kubernetes Engine has no machine type for ${pool.size}`,
      });
    } else if (machineTypes && !machineTypes.has(type)) {
      problems.push({
        path: ['nodePools', index, 'size'],
        message: `Google does not offer ${pool.size} (${type}) in ${GKE_ZONES[order.region] ?? order.region} now`,
      });
    }
  });
  return problems;
}
