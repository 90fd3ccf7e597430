import type { Catalog, ClusterHaQuote, CreateHaOrder, Order } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import {
  clusterForChange,
  createPaidChange,
  dayOf,
  openPaidChangeOrder,
  type ClusterForChange,
} from '../billing/index.ts';
import type { ClusterService } from '../clusters/index.ts';
import type { OrderService } from '../orders/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { haOrders } from './ha-orders.ts';
import { chargedHaLine, haPrice, haRefusal } from './ha-quotes.ts';

/**
 * A running single-zone control plane made highly available, one way: what it costs for the rest
 * of the cluster's prepaid period (by the price engine), and ordering it (a paid change of kind
 * `high_availability`: billing's `createPaidChange` places it, and once it is paid, its job starts
 * the cluster's `make_ha` operation). The operation's end settles the order (`settleHaOrder`) and
 * billing's period.
 */
export function createHaService(
  deps: Pick<Infrastructure, 'db' | 'jobs'> & {
    catalog: CatalogService;
    clusters: ClusterService;
    orders: OrderService;
    providers: ProviderRegistry;
  },
) {
  const { db } = deps;
  const catalogNow = async () => (await deps.catalog.catalog()).value;

  const makeHa = createPaidChange(deps, {
    orderKind: 'high_availability',
    jobName: 'cluster.make-ha',
    start: (tx, order, catalog) =>
      deps.clusters.startMakeHa(
        tx,
        {
          organizationId: order.organizationId,
          clusterId: order.targetClusterId!,
          requestedBy: order.userId,
        },
        catalog,
      ),
    words: {
      startsShortly: 'the operation starts shortly',
      started: 'The provider is starting two more replicas',
      alreadyDone: 'The control plane was already highly available',
      renewed: "The cluster's prepaid period renewed since this was priced: order it again",
      couldNotBe: 'done',
      unsupported: "The cluster's provider cannot make its control plane highly available",
      gaveUp: 'The control plane could not be made highly available',
    },
  });

  /** HA on the cluster: its price, the open order for it, and why it cannot be ordered now. */
  async function haOnCluster(
    tx: Tx,
    organizationId: number,
    { cluster, config, subscription, period }: ClusterForChange,
    catalog: Catalog,
  ) {
    const price = haPrice(config, period, catalog);
    const openOrderId = await openPaidChangeOrder(tx, organizationId, haOrders(cluster.id));
    const refusal = haRefusal({
      cluster,
      tier: config.tier,
      catalog,
      offered: price.offered,
      supported: Boolean(deps.providers.driver(cluster.provider).planMakeHa),
      openOrderId,
      subscription,
    });
    return { price, openOrderId, refusal };
  }

  return {
    /** What making the cluster's control plane highly available costs now, or why it cannot be. */
    async quote(organizationId: number, clusterId: number): Promise<ClusterHaQuote> {
      const catalog = await catalogNow();
      return db.transaction(async (tx) => {
        const target = await clusterForChange(tx, organizationId, clusterId, catalog, false);
        const { cluster, subscription, period } = target;
        const { price, openOrderId, refusal } = await haOnCluster(
          tx,
          organizationId,
          target,
          catalog,
        );
        return {
          clusterId: cluster.id,
          clusterName: cluster.name,
          haControlPlane: cluster.haControlPlane,
          refusal,
          billingCycle: period.billingCycle,
          periodPrice: price.periodPrice,
          orderPrice: price.orderPrice,
          periodEnd: subscription?.periodEnd.toISOString() ?? null,
          hoursLeft: period.hoursLeft,
          periodHours: period.periodHours,
          openOrderId,
        };
      });
    },

    /**
     * The order for the difference, priced by the engine for the rest of the cluster's period,
     * waiting for payment. The same Idempotency-Key with the same request answers the same order.
     */
    order: (
      actor: SessionUser,
      clusterId: number,
      input: CreateHaOrder,
      idempotencyKey: string,
      client: ClientInfo,
    ): Promise<{ order: Order; replayed: boolean }> =>
      makeHa.order(
        actor,
        {
          clusterId,
          promoCode: input.promoCode,
          body: { clusterId, ...input },
          offer: (catalog) => async (tx, target) => {
            const { price, refusal } = await haOnCluster(tx, actor.organizationId, target, catalog);
            if (refusal) return { refusal };
            const { cluster, config, subscription, period } = target;
            return {
              refusal: null,
              description: `High availability for ${cluster.name}`,
              line: chargedHaLine(
                cluster,
                config.tier,
                price.orderPrice,
                period,
                dayOf(subscription!.periodEnd),
              ),
              audit: { kind: 'high_availability', cluster: cluster.id },
            };
          },
        },
        idempotencyKey,
        client,
      ),

    /** The high-availability kind of order: once paid, the operation waits for the cluster. */
    orderKind: makeHa.orderKind,
  };
}
export type HaService = ReturnType<typeof createHaService>;
