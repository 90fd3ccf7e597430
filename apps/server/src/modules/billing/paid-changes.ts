import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Catalog, ClusterOrderConfig, Order, OrderKind, PriceLine } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import {
  clusterConfigNow,
  findCluster,
  type ClusterRow,
  type PaidChangeStart,
} from '../clusters/index.ts';
import { createNotification } from '../notifications/index.ts';
import {
  createOrderFulfilment,
  insertOrder,
  lockOrder,
  noteOrder,
  placeOnce,
  type OrderKindHandler,
  type OrderRecord,
  type OrderService,
  type PaidOrderOutcome,
} from '../orders/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { clusterSubscription, periodLeft } from './addon-billing.ts';
import { assertOrderingAllowed } from './ordering-suspension.ts';
import { renewedSincePriced } from './paid-change-orders.ts';
import type { SubscriptionRow } from './subscriptions.ts';

/**
 * A paid change on a running cluster: something bought for the rest of the cluster's prepaid
 * period (an add-on, a highly available control plane). Every kind goes the same way: priced by
 * the engine for the hours left of the period, ordered with an Idempotency-Key and paid like any
 * order; once paid, a durable job starts the cluster's operation when the cluster is free; the
 * operation's end settles the order (`settlePaidChange`). What is paid back as credit: an order
 * paid after the period renewed, one whose cluster went or cannot do it, one whose job gave up,
 * and one whose operation failed. A kind gives only what differs (`PaidChangeKind`).
 */

/** A cluster of the organization as a paid change sees it: as it is now, and its period. */
export interface ClusterForChange {
  cluster: ClusterRow;
  config: ClusterOrderConfig;
  /** The period the change joins; none for a cluster whose subscription was cancelled. */
  subscription: SubscriptionRow | null;
  period: { billingCycle: 'monthly' | 'yearly'; hoursLeft: number; periodHours: number };
  /** When the hours left were counted. */
  at: Date;
}

/** The organization's cluster for a change: locked when asked, as an order is placed under it. */
export async function clusterForChange(
  tx: Tx,
  organizationId: number,
  clusterId: number,
  catalog: Catalog,
  lock: boolean,
): Promise<ClusterForChange> {
  const found = await findCluster(tx, organizationId, clusterId, lock);
  const now = await clusterConfigNow(tx, found.id, catalog);
  if (!now || now.cluster.status === 'deleted') throw notFound('Cluster not found');
  const subscription = await clusterSubscription(tx, found.id);
  const at = new Date();
  const period = {
    billingCycle: subscription?.billingCycle ?? ('monthly' as const),
    ...(subscription ? periodLeft(subscription, at) : { hoursLeft: 0, periodHours: 0 }),
  };
  return { ...now, subscription, period, at };
}

/** What a kind of paid change says on the order's timeline and to the payer. */
export interface PaidChangeWords {
  /** Paid: the timeline's words after the description ("the installation starts shortly"). */
  startsShortly: string;
  /** The operation started. */
  started: string;
  /** The cluster had it already: the order completes. */
  alreadyDone: string;
  /** Paid after the period it was priced for renewed. */
  renewed: string;
  /** What the payer is told could not be done: "installed" (… could not be installed: why). */
  couldNotBe: string;
  /** Why, where the kind's `start` may answer `unsupported`. */
  unsupported?: string;
  /** The job gave up for good: the failure's first words ("The add-on could not be installed"). */
  gaveUp: string;
}

/** What differs between the kinds of paid change: the rest of the flow is one. */
export interface PaidChangeKind {
  orderKind: OrderKind;
  /** The job that starts the operation once paid; stored jobs carry this name. */
  jobName: string;
  /** Asks the clusters module to start the operation, in the job's transaction (order locked). */
  start(tx: Tx, order: OrderRecord, catalog: Catalog): Promise<PaidChangeStart>;
  words: PaidChangeWords;
}

/** What the request buys on the cluster: why it cannot now, or the order's terms. */
export type PaidChangeOffer =
  | { refusal: string }
  | {
      refusal: null;
      description: string;
      /** What is charged: the engine's price for the hours left of the period. */
      line: PriceLine;
      /** The audit entry's details: the kind and what it buys. */
      audit: Record<string, unknown>;
    };

/** A request to order a paid change. */
export interface PaidChangeRequest {
  clusterId: number;
  promoCode?: string;
  /** The request as its Idempotency-Key's digest takes it (with the order's kind). */
  body: object;
  /**
   * What is offered, from the catalog: checks of the request alone come first (an add-on the
   * catalog lacks is a 400, whatever the cluster), then, in the transaction that holds the
   * cluster's lock, the kind's refusal or its terms.
   */
  offer(catalog: Catalog): (tx: Tx, target: ClusterForChange) => Promise<PaidChangeOffer>;
}

/**
 * One kind of paid change, for the module that sells it: placing its orders, its order-kind
 * handler (the orders module runs it when an order is paid), and its job, registered here.
 */
export function createPaidChange(
  deps: Pick<Infrastructure, 'db' | 'jobs'> & {
    catalog: CatalogService;
    orders: OrderService;
    providers: ProviderRegistry;
  },
  kind: PaidChangeKind,
) {
  const { db } = deps;
  const { words } = kind;
  const fulfilment = createOrderFulfilment();
  const catalogNow = async () => (await deps.catalog.catalog()).value;
  const job = defineJob(kind.jobName, z.object({ orderId: z.number().int().positive() }));

  /** The paid order of this kind, locked; null once it is no longer waiting for its operation. */
  async function lockWaiting(tx: Tx, orderId: number) {
    const order = await lockOrder(tx, orderId);
    return order?.kind === kind.orderKind && order.status === 'fulfilling' ? order : null;
  }

  async function startOperation({ orderId }: { orderId: number }) {
    const catalog = await catalogNow();
    const retryInMs = await db.transaction(async (tx) => {
      const order = await lockWaiting(tx, orderId);
      if (!order?.targetClusterId) return null;
      const outcome = await kind.start(tx, order, catalog);
      // Another change runs: asked again a few (simulated) seconds later, when it may be over.
      if (outcome === 'busy') return Math.max(20, 10 * deps.providers.simulatedSecondMs);
      if (outcome === 'started') {
        await noteOrder(tx, order.id, 'fulfilling', words.started);
      } else if (outcome === 'done') {
        await fulfilment.completed(tx, order.id, words.alreadyDone);
      } else if (outcome === 'gone' || outcome === 'unsupported') {
        const reason =
          outcome === 'gone'
            ? 'The cluster is no longer there'
            : (words.unsupported ?? "The cluster's provider cannot do it");
        await fulfilment.failed(tx, order.id, reason);
        if (order.userId) {
          await createNotification(
            tx,
            order.userId,
            'error',
            `${order.description} could not be ${words.couldNotBe}: ${reason.toLowerCase()}. What you paid is back in your credit balance.`,
          );
        }
      }
      return null;
    });
    return retryInMs === null ? undefined : { rescheduleInMs: retryInMs };
  }

  deps.jobs.register(job, startOperation, {
    // A job that failed for good (the database, a worker that died on its last attempt) must
    // still end its order, or the money stays taken for a change that never comes.
    onGiveUp: async (payload, reason) => {
      const parsed = job.payload.safeParse(payload);
      if (!parsed.success) return;
      await db.transaction(async (tx) => {
        const order = await lockWaiting(tx, parsed.data.orderId);
        if (order) await fulfilment.failed(tx, order.id, `${words.gaveUp}: ${reason}`);
      });
    },
  });

  /** Paid: the operation waits for the cluster to be free. */
  async function paid(tx: Tx, order: OrderRecord): Promise<PaidOrderOutcome> {
    // Priced for the hours left of the period it was placed in: paid after that period
    // renewed, it would buy the whole new one for a few hours' price.
    if (await renewedSincePriced(tx, order)) {
      await fulfilment.failed(tx, order.id, words.renewed);
      return { status: 'failed' };
    }
    await enqueueJob(tx, job, { orderId: order.id }, { maxAttempts: 10 });
    return { status: 'fulfilling', note: `${order.description}: ${words.startsShortly}` };
  }

  return {
    /**
     * The order for the change, priced by the engine for the rest of the cluster's period,
     * waiting for payment. The same Idempotency-Key with the same request answers the same order.
     */
    async order(
      actor: SessionUser,
      request: PaidChangeRequest,
      idempotencyKey: string,
      client: ClientInfo,
    ): Promise<{ order: Order; replayed: boolean }> {
      const { organizationId } = actor;
      const digest = createHash('sha256')
        .update(JSON.stringify({ kind: kind.orderKind, ...request.body }))
        .digest('hex');
      const placed = await placeOnce(
        db,
        organizationId,
        { key: idempotencyKey, digest },
        async () => {
          await assertOrderingAllowed(db, organizationId);
          const catalog = await catalogNow();
          const offer = request.offer(catalog);
          return db.transaction(async (tx) => {
            // The cluster's lock: two requests cannot both pass the kind's open-order check.
            const target = await clusterForChange(
              tx,
              organizationId,
              request.clusterId,
              catalog,
              true,
            );
            const terms = await offer(tx, target);
            if (terms.refusal !== null) throw conflict(terms.refusal);
            const { billingCycle } = target.period;
            return insertOrder(
              tx,
              actor,
              {
                row: {
                  kind: kind.orderKind,
                  description: terms.description,
                  lines: [terms.line],
                  billingCycle,
                  targetClusterId: target.cluster.id,
                  subtotalCents: billingCycle === 'yearly' ? terms.line.yearly : terms.line.monthly,
                  idempotencyKey,
                  requestDigest: digest,
                },
                audit: terms.audit,
                promoCode: request.promoCode,
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

    /** The kind's order handler: once paid, its operation waits for the cluster to be free. */
    orderKind: { paid: (tx, order) => paid(tx, order) } satisfies OrderKindHandler,
  };
}
