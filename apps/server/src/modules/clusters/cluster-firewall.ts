import { eq } from 'drizzle-orm';
import type { Catalog, Cluster } from '@alpenkube/contract';
import { badRequest } from '../../lib/http-error.ts';
import { normaliseAllowlist } from '../kube-api/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { clusters } from './schema.ts';
import { logClusterEvent } from './cluster-events.ts';
import { actorOf, auditCluster, findCluster, type ClusterContext } from './cluster-lookup.ts';
import type { ClusterRow } from './cluster-records.ts';
import { assertClusterAllows } from './cluster-states.ts';

const listed = (items: string[]) => (items.length ? items.join(', ') : 'open to all');

/**
 * The control-plane firewall: the CIDRs allowed to reach a cluster's Kubernetes API. Like tags
 * it is the platform's own record (the kube API listener reads it on every request), so it is
 * set at once in any live state (409 when deleting or deleted), logged as an event on the
 * cluster (pushed to its page) and audited.
 */
export function createClusterFirewall(
  { deps, catalogNow }: ClusterContext,
  view: (cluster: ClusterRow, catalog?: Catalog) => Promise<Cluster>,
) {
  const { db } = deps;
  return {
    async updateApiAllowlist(actor: SessionUser, client: ClientInfo, id: number, cidrs: string[]) {
      let allowlist: string[];
      try {
        allowlist = normaliseAllowlist(cidrs);
      } catch (error) {
        throw badRequest((error as Error).message);
      }
      const catalog = await catalogNow();
      const updated = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        assertClusterAllows(cluster, 'firewall');
        const [changed] = await tx
          .update(clusters)
          .set({ apiAllowlist: allowlist, updatedAt: new Date() })
          .where(eq(clusters.id, cluster.id))
          .returning();
        await logClusterEvent(tx, changed!, {
          kind: 'action',
          message: `Control-plane allowlist set: ${listed(allowlist)}`,
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, cluster.id, 'cluster.api_allowlist', {
          from: cluster.apiAllowlist,
          to: allowlist,
        });
        return changed!;
      });
      return view(updated, catalog);
    },
  };
}
