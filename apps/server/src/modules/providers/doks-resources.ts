import type { DoApi, DoCluster } from './doks-api.ts';
import type { ObservedResources } from './provider-driver.ts';

/**
 * What a DOKS cluster's workloads made at DigitalOcean (the volumes of its
 * PersistentVolumeClaims, the load balancers of its Services of type LoadBalancer), read with
 * DigitalOcean's own list of what a cluster's deletion would take along, and deleting the
 * cluster with them. The shapes are those of DigitalOcean's OpenAPI definition
 * (`associated_kubernetes_resources`, `volume_full`, `load_balancer`).
 */

interface DoAssociated {
  load_balancers?: { id: string; name: string }[] | null;
  volumes?: { id: string; name: string }[] | null;
  volume_snapshots?: { id: string; name: string }[] | null;
}

interface DoVolume {
  id: string;
  name: string;
  /** GiB, DigitalOcean's unit of volume sizes and of its price. */
  size_gigabytes: number;
  created_at?: string;
}

interface DoLoadBalancer {
  id: string;
  name: string;
  /** Empty while DigitalOcean is still giving it an address (`status: new`). */
  ip?: string;
  status?: 'new' | 'active' | 'errored';
  created_at?: string;
}

const timeOf = (value: string | undefined) => {
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : new Date(at);
};

export function createDoksResources(
  api: DoApi,
  /** The platform cluster's DigitalOcean cluster, found by its tag (doks-steps.ts). */
  find: (clusterId: number, signal?: AbortSignal) => Promise<DoCluster | null>,
) {
  /** One resource by its id; null once it is gone (deleted between the list and this read). */
  async function read<T>(path: string, key: string, signal: AbortSignal): Promise<T | null> {
    const answer = await api.call<Record<string, T>>('GET', path, { signal, allow404: true });
    return answer.status === 404 ? null : (answer.body[key] ?? null);
  }

  return {
    /**
     * `GET /v2/kubernetes/clusters/{id}/destroy_with_associated_resources` names the cluster's
     * volumes and load balancers; each is then read for its size (`GET /v2/volumes/{id}`) or its
     * address (`GET /v2/load_balancers/{id}`). One at a time: a cluster has a few, and
     * DigitalOcean's rate limit is the account's.
     */
    async observedResources(
      cluster: { id: number },
      signal: AbortSignal,
    ): Promise<ObservedResources> {
      const none: ObservedResources = { volumes: [], loadBalancers: [] };
      const found = await find(cluster.id, signal);
      if (!found) return none;
      const listed = await api.call<DoAssociated>(
        'GET',
        `/v2/kubernetes/clusters/${found.id}/destroy_with_associated_resources`,
        { signal, allow404: true },
      );
      if (listed.status === 404) return none;
      const observed: ObservedResources = { volumes: [], loadBalancers: [] };
      for (const { id } of listed.body.volumes ?? []) {
        const volume = await read<DoVolume>(
          `/v2/volumes/${encodeURIComponent(id)}`,
          'volume',
          signal,
        );
        if (!volume) continue;
        observed.volumes.push({
          ref: volume.id,
          name: volume.name,
          sizeGb: volume.size_gigabytes,
          storageClass: 'DigitalOcean block storage',
          createdAt: timeOf(volume.created_at),
        });
      }
      for (const { id } of listed.body.load_balancers ?? []) {
        const balancer = await read<DoLoadBalancer>(
          `/v2/load_balancers/${encodeURIComponent(id)}`,
          'load_balancer',
          signal,
        );
        // No address yet: recorded at the next look, from when DigitalOcean says it was made.
        if (!balancer?.ip) continue;
        observed.loadBalancers.push({
          ref: balancer.id,
          name: balancer.name,
          ip: balancer.ip,
          createdAt: timeOf(balancer.created_at),
        });
      }
      return observed;
    },
  };
}

/**
 * Deletes a DOKS cluster with every load balancer, volume and volume snapshot its workloads
 * made (`DELETE …/destroy_with_associated_resources/dangerous`): the plain delete would leave
 * them on the operator's account, billed there and no longer by the platform. A cluster already
 * gone (404) is deleted.
 */
export async function destroyWithResources(api: DoApi, doClusterId: string, signal: AbortSignal) {
  await api.call(
    'DELETE',
    `/v2/kubernetes/clusters/${doClusterId}/destroy_with_associated_resources/dangerous`,
    { signal, allow404: true },
  );
}
