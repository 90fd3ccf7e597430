import { createHash } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import {
  catalogIssues,
  openOrderStatuses,
  PREVIEW_TIERS,
  priceCluster,
  type Catalog,
  type CreateClusterOrder,
  type Order,
} from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { vpcRefusal } from '../networks/index.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusters } from './schema.ts';
import { HttpError, invalidFields } from '../../lib/http-error.ts';
import {
  findOrders,
  insertOrder,
  placeOnce,
  type OrderingGuard,
  type OrderMade,
  type OrderService,
} from '../orders/index.ts';
import { assertResidencyAllows } from '../organizations/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import type { ClusterContext } from './cluster-lookup.ts';

const nameTaken = (name: string, by: 'cluster' | 'order') =>
  new HttpError(
    409,
    by === 'cluster'
      ? `Your organization already has a cluster named ${name}: choose another name.`
      : `An open order of your organization already claims the name ${name}: choose another name.`,
    {},
    [{ path: ['cluster', 'name'], message: `The name ${name} is taken` }],
  );

function describeCluster(config: CreateClusterOrder['cluster'], catalog: Catalog): string {
  const tier = catalog.tiers.find((candidate) => candidate.slug === config.tier);
  const tierName = (tier?.name ?? config.tier).replace(/\s*\([^)]*\)\s*$/, '');
  const nodes = config.nodePools.reduce((sum, pool) => sum + pool.count, 0);
  return `Cluster ${config.name}: ${tierName}, ${nodes} node${nodes === 1 ? '' : 's'}`;
}

/** Whether an open order of the organization holds a cluster name (it will be its cluster's). */
export async function nameHeldByOrder(
  tx: Tx,
  organizationId: number,
  name: string,
): Promise<boolean> {
  const [holder] = await findOrders(
    tx,
    { kind: 'cluster', statuses: openOrderStatuses, organizationId, clusterName: name },
    { limit: 1 },
  );
  return Boolean(holder);
}

/** The cluster a paid order of kind `cluster` made, for the order's page. */
export async function clusterMadeByOrder(db: DbOrTx, orderId: number): Promise<OrderMade> {
  const [made] = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(eq(clusters.orderId, orderId));
  return made ? { clusterId: made.id } : {};
}

/** What placing a cluster's order needs besides the cluster module's own parts. */
export interface ClusterOrderDeps {
  /** Answers the order placed. */
  orders: OrderService;
  /** Billing's: it owns the suspension of ordering for overdue renewals. */
  assertOrderingAllowed: OrderingGuard;
}

/** Orders of kind `cluster`: a configuration and a name, priced by the server. */
export function createClusterOrders(context: ClusterContext, deps: ClusterOrderDeps) {
  const { db } = context.deps;

  return {
    /**
     * Prices the configuration again (a price the client sends is never read) and writes the
     * order, waiting for payment. The same Idempotency-Key with the same request answers the
     * order it placed; `replayed` says so.
     */
    async placeOrder(
      actor: SessionUser,
      input: CreateClusterOrder,
      idempotencyKey: string,
      client: ClientInfo,
    ): Promise<{ order: Order; replayed: boolean }> {
      const { organizationId } = actor;
      const digest = createHash('sha256').update(JSON.stringify(input)).digest('hex');
      const placed = await placeOnce(
        db,
        organizationId,
        { key: idempotencyKey, digest },
        async () => {
          await deps.assertOrderingAllowed(db, organizationId);
          const catalog = await context.catalogNow();
          const config = { ...input.cluster, billingCycle: input.billingCycle };
          const issues = catalogIssues(config, catalog);
          // A real provider may not offer every add-on of the catalog (DOKS: its 1-Click apps).
          if (!issues.length) {
            const driver = context.deps.providers.driver(config.provider);
            config.addons.forEach((slug, index) => {
              const refusal = driver.addonRefusal?.(slug, catalog);
              if (refusal) issues.push({ path: ['addons', index], message: refusal });
            });
          }
          if (input.cluster.expiresInHours !== undefined && !PREVIEW_TIERS.includes(config.tier)) {
            issues.push({
              path: ['expiresInHours'],
              message: 'Only Dev/Test clusters can be preview clusters with an expiry',
            });
          }
          if (input.cluster.vpcId !== undefined) {
            const refusal = await vpcRefusal(db, organizationId, {
              provider: config.provider,
              region: config.region,
              vpcId: input.cluster.vpcId,
            });
            if (refusal) issues.push({ path: ['vpcId'], message: refusal });
          }
          if (issues.length) {
            throw invalidFields(
              issues.map((issue) => ({ ...issue, path: ['cluster', ...issue.path] })),
            );
          }
          await assertResidencyAllows(db, organizationId, catalog, input.cluster);
          const quote = priceCluster(config, catalog);
          const { name } = input.cluster;
          try {
            return await db.transaction(async (tx) => {
              const [clusterWithName] = await tx
                .select({ id: clusters.id })
                .from(clusters)
                .where(
                  inOrganization(
                    clusters,
                    organizationId,
                    eq(clusters.name, name),
                    ne(clusters.status, 'deleted'),
                  ),
                )
                .limit(1);
              if (clusterWithName) throw nameTaken(name, 'cluster');
              return insertOrder(
                tx,
                actor,
                {
                  row: {
                    kind: 'cluster',
                    description: describeCluster(input.cluster, catalog),
                    lines: quote.lines,
                    billingCycle: input.billingCycle,
                    clusterConfig: config,
                    clusterName: name,
                    subtotalCents: quote.total,
                    idempotencyKey,
                    requestDigest: digest,
                  },
                  audit: { kind: 'cluster' },
                  promoCode: input.promoCode,
                },
                client,
              );
            });
          } catch (error) {
            if (uniqueViolation(error)?.constraint === 'orders_open_cluster_name_key') {
              throw nameTaken(name, 'order');
            }
            throw error;
          }
        },
      );
      return {
        order: await deps.orders.get(organizationId, placed.orderId),
        replayed: placed.replayed,
      };
    },
  };
}
