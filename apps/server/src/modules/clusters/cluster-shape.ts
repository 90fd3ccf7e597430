import { and, eq, sql } from 'drizzle-orm';
import {
  formatTaint,
  type Catalog,
  type Cluster,
  type NodeLabels,
  type NodeTaint,
} from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { clusterNodePools, clusters } from './schema.ts';
import { logClusterEvent } from './cluster-events.ts';
import {
  actorOf,
  auditCluster,
  findCluster,
  poolIn,
  type ClusterContext,
} from './cluster-lookup.ts';
import { loadPools, type ClusterRow } from './cluster-records.ts';
import { assertClusterAllows } from './cluster-states.ts';

/** The condition "carries this tag" on the clusters table (answered by its GIN index). */
export const taggedWith = (tag: string) => sql`${clusters.tags} @> ${JSON.stringify([tag])}::jsonb`;

/** The ids of the organization's clusters carrying a tag, deleted ones included (their usage). */
export async function clusterIdsTagged(
  db: DbOrTx,
  organizationId: number,
  tag: string,
): Promise<number[]> {
  const rows = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(inOrganization(clusters, organizationId, taggedWith(tag)));
  return rows.map((row) => row.id);
}

const listed = (items: string[]) => (items.length ? items.join(', ') : 'none');

/** What changed between two sets, in words: "+team=web, -env=dev". */
function difference(before: string[], after: string[]): string {
  const added = after.filter((item) => !before.includes(item)).map((item) => `+${item}`);
  const removed = before.filter((item) => !after.includes(item)).map((item) => `-${item}`);
  return [...added, ...removed].join(', ');
}

const labelWords = (labels: NodeLabels) =>
  Object.entries(labels)
    .map(([key, value]) => `${key}=${value}`)
    .sort();

/**
 * Labels and taints of a pool, and tags of a cluster. Neither changes a machine or a price: each
 * is recorded at once in the states a change is allowed (409 otherwise, through the cluster's
 * states), logged as an event (which pushes the cluster to the organization's pages) and
 * audited. The simulated Kubernetes API reads the pool's labels and taints on each request, so
 * its nodes carry them from the next `kubectl get nodes`.
 */
export function createClusterShape(
  { deps, catalogNow }: ClusterContext,
  view: (cluster: ClusterRow, catalog?: Catalog) => Promise<Cluster>,
) {
  const { db } = deps;

  return {
    async updateNodePoolLabels(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      poolId: number,
      body: { labels: NodeLabels; taints: NodeTaint[] },
    ) {
      const catalog = await catalogNow();
      const updated = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        assertClusterAllows(cluster, 'change');
        const pool = poolIn(await loadPools(tx, [cluster.id]), poolId);
        await tx
          .update(clusterNodePools)
          .set({ labels: body.labels, taints: body.taints })
          .where(and(eq(clusterNodePools.id, poolId), eq(clusterNodePools.clusterId, cluster.id)));
        const labels = difference(labelWords(pool.labels), labelWords(body.labels));
        const taints = difference(pool.taints.map(formatTaint), body.taints.map(formatTaint));
        const changes = [labels && `labels ${labels}`, taints && `taints ${taints}`]
          .filter(Boolean)
          .join('; ');
        await logClusterEvent(tx, cluster, {
          kind: 'action',
          message: `Pool ${pool.name}: ${changes || 'labels and taints unchanged'} (applied to its ${pool.nodes.length} nodes)`,
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, cluster.id, 'cluster.pool.labels', {
          pool: pool.name,
          labels: body.labels,
          taints: body.taints.map(formatTaint),
        });
        return cluster;
      });
      return view(updated, catalog);
    },

    async updateTags(actor: SessionUser, client: ClientInfo, id: number, tags: string[]) {
      const catalog = await catalogNow();
      const updated = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        assertClusterAllows(cluster, 'tag');
        const [tagged] = await tx
          .update(clusters)
          .set({ tags, updatedAt: new Date() })
          .where(eq(clusters.id, cluster.id))
          .returning();
        await logClusterEvent(tx, tagged!, {
          kind: 'action',
          message: `Tags ${difference(cluster.tags, tags) || 'unchanged'} (now ${listed(tags)})`,
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, cluster.id, 'cluster.tags', {
          from: cluster.tags,
          to: tags,
        });
        return tagged!;
      });
      return view(updated, catalog);
    },
  };
}
