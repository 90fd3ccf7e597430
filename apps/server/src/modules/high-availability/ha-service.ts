import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Catalog, ClusterHaQuote, CreateHaOrder, Order } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import {
  assertOrderingAllowed,
  clusterSubscription,
  dayOf,
  periodLeft,
  renewedSincePriced,
} from '../billing/index.ts';
import { clusterConfigNow, findCluster, type ClusterService } from '../clusters/index.ts';
import {
  createOrderFulfilment,
  noteOrder,
  placeOnce,
  type OrderKindHandler,
  type OrderRecord,
  type OrderService,
  type PaidOrderOutcome,
} from '../orders/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import { createNotification } from '../notifications/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { lockHaOrder, openHaOrder, placeHaOrder } from './ha-orders.ts';
import { chargedHaLine, haPrice, haRefusal } from './ha-quotes.ts';

/** Makes the control plane highly available once its order is paid and the cluster is free. */
export const makeHaJob = defineJob(
  'cluster.make-ha',
  z.object({ orderId: z.number().int().positive() }),
);

/**
 * A running single-zone control plane made highly available, one way: what it costs for the rest
 * of the cluster's prepaid period (by the price engine), the order for that difference (kind
 * `high_availability`, paid like any order), and the job that starts the cluster's operation once
 * it is paid. The operation's end settles the order (`settleHaOrder`) and billing's period.
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
  const fulfilment = createOrderFulfilment();
  const catalogNow = async () => (await deps.catalog.catalog()).value;

  /** The organization's cluster (locked when asked), its configuration, period, price and refusal. */
  async function clusterState(
    tx: Tx,
    organizationId: number,
    id: number,
    catalog: Catalog,
    lock: boolean,
  ) {
    const found = await findCluster(tx, organizationId, id, lock);
    const now = await clusterConfigNow(tx, found.id, catalog);
    if (!now || now.cluster.status === 'deleted') throw notFound('Cluster not found');
    const subscription = await clusterSubscription(tx, found.id);
    const period = {
      billingCycle: subscription?.billingCycle ?? ('monthly' as const),
      ...(subscription ? periodLeft(subscription, new Date()) : { hoursLeft: 0, periodHours: 0 }),
    };
    const price = haPrice(now.config, period, catalog);
    const openOrderId = await openHaOrder(tx, organizationId, found.id);
    const refusal = haRefusal({
      cluster: now.cluster,
      tier: now.config.tier,
      catalog,
      offered: price.offered,
      supported: Boolean(deps.providers.driver(now.cluster.provider).planMakeHa),
      openOrderId,
      subscription,
    });
    return {
      cluster: now.cluster,
      tier: now.config.tier,
      subscription,
      period,
      price,
      openOrderId,
      refusal,
    };
  }

  async function make({ orderId }: { orderId: number }) {
    const catalog = await catalogNow();
    const retryInMs = await db.transaction(async (tx) => {
      const order = await lockHaOrder(tx, orderId);
      if (!order || order.status !== 'fulfilling' || !order.targetClusterId) return null;
      const outcome = await deps.clusters.startMakeHa(
        tx,
        {
          organizationId: order.organizationId,
          clusterId: order.targetClusterId,
          requestedBy: order.userId,
        },
        catalog,
      );
      if (outcome === 'busy') return Math.max(20, 10 * deps.providers.simulatedSecondMs);
      if (outcome === 'started') {
        await noteOrder(tx, order.id, 'fulfilling', 'The provider is starting two more replicas');
      } else if (outcome === 'done') {
        await fulfilment.completed(tx, order.id, 'The control plane was already highly available');
      } else if (outcome === 'gone' || outcome === 'unsupported') {
        const reason =
          outcome === 'gone'
            ? 'The cluster is no longer there'
            : "The cluster's provider cannot make its control plane highly available";
        await fulfilment.failed(tx, order.id, reason);
        if (order.userId) {
          await createNotification(
            tx,
            order.userId,
            'error',
            `${order.description} could not be done: ${reason.toLowerCase()}. What you paid is back in your credit balance.`,
          );
        }
      }
      return null;
    });
    return retryInMs === null ? undefined : { rescheduleInMs: retryInMs };
  }

  deps.jobs.register(makeHaJob, make, {
    // A job that failed for good must still end its order, or the money stays taken.
    onGiveUp: async (payload, reason) => {
      const parsed = makeHaJob.payload.safeParse(payload);
      if (!parsed.success) return;
      await db.transaction(async (tx) => {
        const order = await lockHaOrder(tx, parsed.data.orderId);
        if (order?.status !== 'fulfilling') return;
        await fulfilment.failed(
          tx,
          order.id,
          `The control plane could not be made highly available: ${reason}`,
        );
      });
    },
  });

  /** Paid: the operation waits for the cluster to be free. Paid twice answers the same order. */
  async function haOrderPaid(tx: Tx, order: OrderRecord): Promise<PaidOrderOutcome> {
    // Priced for the hours left of the period it was placed in, as an add-on order is.
    if (await renewedSincePriced(tx, order)) {
      await fulfilment.failed(
        tx,
        order.id,
        "The cluster's prepaid period renewed since this was priced: order it again",
      );
      return { status: 'failed' };
    }
    await enqueueJob(tx, makeHaJob, { orderId: order.id }, { maxAttempts: 10 });
    return { status: 'fulfilling', note: `${order.description}: the operation starts shortly` };
  }

  return {
    /** What making the cluster's control plane highly available costs now, or why it cannot be. */
    async quote(organizationId: number, clusterId: number): Promise<ClusterHaQuote> {
      const catalog = await catalogNow();
      return db.transaction(async (tx) => {
        const state = await clusterState(tx, organizationId, clusterId, catalog, false);
        const { cluster, subscription, period, price } = state;
        return {
          clusterId: cluster.id,
          clusterName: cluster.name,
          haControlPlane: cluster.haControlPlane,
          refusal: state.refusal,
          billingCycle: period.billingCycle,
          periodPrice: price.periodPrice,
          orderPrice: price.orderPrice,
          periodEnd: subscription?.periodEnd.toISOString() ?? null,
          hoursLeft: period.hoursLeft,
          periodHours: period.periodHours,
          openOrderId: state.openOrderId,
        };
      });
    },

    /**
     * The order for the difference, priced by the engine for the rest of the cluster's period,
     * waiting for payment. The same Idempotency-Key with the same request answers the same order.
     */
    async order(
      actor: SessionUser,
      clusterId: number,
      input: CreateHaOrder,
      idempotencyKey: string,
      client: ClientInfo,
    ): Promise<{ order: Order; replayed: boolean }> {
      const { organizationId } = actor;
      const digest = createHash('sha256')
        .update(JSON.stringify({ kind: 'high_availability', clusterId, ...input }))
        .digest('hex');
      const placed = await placeOnce(
        db,
        organizationId,
        { key: idempotencyKey, digest },
        async () => {
          await assertOrderingAllowed(db, organizationId);
          const catalog = await catalogNow();
          return db.transaction(async (tx) => {
            // The cluster's lock: two requests cannot both pass the open-order check.
            const state = await clusterState(tx, organizationId, clusterId, catalog, true);
            if (state.refusal) throw conflict(state.refusal);
            const { cluster, period, price } = state;
            return placeHaOrder(
              tx,
              actor,
              {
                clusterId: cluster.id,
                description: `High availability for ${cluster.name}`,
                line: chargedHaLine(
                  cluster,
                  state.tier,
                  price.orderPrice,
                  period,
                  dayOf(state.subscription!.periodEnd),
                ),
                billingCycle: period.billingCycle,
                idempotencyKey,
                requestDigest: digest,
                promoCode: input.promoCode,
              },
              client,
            );
          });
        },
      );
      return {
        order: await deps.orders.get(organizationId, placed.orderId),
        replayed: placed.replayed,
      };
    },

    /** The high-availability kind of order: once paid, the operation waits for the cluster. */
    orderKind: { paid: (tx, order) => haOrderPaid(tx, order) } satisfies OrderKindHandler,
  };
}
export type HaService = ReturnType<typeof createHaService>;
