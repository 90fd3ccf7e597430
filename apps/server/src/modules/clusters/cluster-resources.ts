import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { UsageMetric } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  clusterLoadBalancers,
  clusterNodePools,
  clusterNodes,
  clusterVolumes,
  clusters,
} from './schema.ts';

interface Spanned {
  clusterId: number;
  createdAt: Date;
  end: Date | null;
}

const within = (span: Spanned, from: Date, to: Date) =>
  span.createdAt < to && (span.end === null || span.end > from);

const list = (names: string[]) => [...new Set(names)].join(', ');

/**
 * What each metered line bills, by name: the pools whose nodes ran, the add-ons, the volumes
 * and the load balancers that existed in a stretch of time. Invoices and usage CSVs name the
 * resource of every line with it. Loaded once for the clusters and the whole stretch; each
 * line then asks about its own hours.
 */
export async function billedResourcesOf(
  db: DbOrTx,
  clusterIds: readonly number[],
  from: Date,
  to: Date,
) {
  const ids = [...new Set(clusterIds)];
  const [rows, pools, volumes, balancers] = ids.length
    ? await Promise.all([
        db
          .select({ id: clusters.id, addons: clusters.addons, ha: clusters.haControlPlane })
          .from(clusters)
          .where(inArray(clusters.id, ids)),
        // Pools by their nodes' lives: the pools whose nodes ran in a line's hours.
        db
          .select({
            clusterId: clusterNodes.clusterId,
            name: clusterNodePools.name,
            createdAt: clusterNodes.createdAt,
            end: clusterNodes.removedAt,
          })
          .from(clusterNodes)
          .innerJoin(clusterNodePools, eq(clusterNodePools.id, clusterNodes.poolId))
          .where(
            and(
              inArray(clusterNodes.clusterId, ids),
              lt(clusterNodes.createdAt, to),
              or(isNull(clusterNodes.removedAt), gt(clusterNodes.removedAt, from)),
            ),
          ),
        db
          .select({
            clusterId: clusterVolumes.clusterId,
            name: clusterVolumes.name,
            sizeGb: clusterVolumes.sizeGb,
            createdAt: clusterVolumes.createdAt,
            end: clusterVolumes.deletedAt,
          })
          .from(clusterVolumes)
          .where(
            and(
              inArray(clusterVolumes.clusterId, ids),
              lt(clusterVolumes.createdAt, to),
              or(isNull(clusterVolumes.deletedAt), gt(clusterVolumes.deletedAt, from)),
            ),
          ),
        db
          .select({
            clusterId: clusterLoadBalancers.clusterId,
            name: clusterLoadBalancers.name,
            ip: clusterLoadBalancers.ip,
            simulated: clusterLoadBalancers.simulated,
            createdAt: clusterLoadBalancers.createdAt,
            end: clusterLoadBalancers.deletedAt,
          })
          .from(clusterLoadBalancers)
          .where(
            and(
              inArray(clusterLoadBalancers.clusterId, ids),
              lt(clusterLoadBalancers.createdAt, to),
              or(isNull(clusterLoadBalancers.deletedAt), gt(clusterLoadBalancers.deletedAt, from)),
            ),
          ),
      ])
    : [[], [], [], []];
  const clusterOf = new Map(rows.map((row) => [row.id, row]));

  /** What one cluster's metric billed over [lineFrom, lineTo), in words: "Nodes of pool web". */
  function describe(clusterId: number, metric: UsageMetric, lineFrom = from, lineTo = to): string {
    const of = <T extends Spanned>(spans: T[]) =>
      spans.filter((span) => span.clusterId === clusterId && within(span, lineFrom, lineTo));
    switch (metric) {
      case 'control_plane_hours':
        return clusterOf.get(clusterId)?.ha ? 'Control plane (high availability)' : 'Control plane';
      case 'node_hours': {
        const names = of(pools).map((pool) => pool.name);
        return names.length ? `Nodes of pool ${list(names)}` : 'Nodes';
      }
      case 'addon_hours': {
        const slugs = clusterOf.get(clusterId)?.addons ?? [];
        return slugs.length ? `Add-ons ${list(slugs)}` : 'Add-ons';
      }
      case 'storage_gb_hours': {
        const names = of(volumes).map((volume) => `${volume.name} (${volume.sizeGb} GB)`);
        return names.length ? `Storage of persistent volumes ${list(names)}` : 'Storage';
      }
      case 'egress_gb': {
        const found = of(balancers);
        const names = found.map((balancer) => `${balancer.name} (${balancer.ip})`);
        const through = names.length ? ` through load balancers ${list(names)}` : '';
        const simulated = found.some((balancer) => balancer.simulated) ? ', simulated traffic' : '';
        return `Egress${through}${simulated}`;
      }
    }
  }

  return { describe };
}
export type BilledResources = Awaited<ReturnType<typeof billedResourcesOf>>;
