import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  millicentsToCents,
  priceCluster,
  productPlanPrice,
  type Catalog,
  type ClusterOrderConfig,
} from '@alpenkube/contract';
import type { Db, Tx } from '../../db/client.ts';
import { findOrder } from '../orders/index.ts';
import { supportPlanOf } from '../organizations/index.ts';
import { productForRenewal } from '../products/index.ts';
import { renewals, subscriptions } from './schema.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { dollars } from '../../lib/money.ts';
import { moveCredit } from '../credits/index.ts';
import { meteredCostPrepaidBy } from '../usage/index.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import { clusterConfigNow } from '../clusters/index.ts';
import type { Attempt, Begin, ChargeOutcome, ChargeTarget } from '../payments/index.ts';
import { addPeriod, dayOf, nextRetryAt, periodWords } from './periods.ts';
import {
  cancelSubscription,
  chargeDaysUsed,
  createClusterBillingHooks,
  returnPaidPeriod,
  usedPart,
  type SubscriptionRow,
} from './subscriptions.ts';
import { liftSuspensionIfSettled, suspendOrdering } from './suspension.ts';

/**
 * Charges one renewal. `dueAt` is the scheduled attempt it was queued for (the renewal's
 * `next_attempt_at` then): a job whose attempt is no longer the renewal's next one does nothing,
 * so a job run twice, or queued twice by racing instances, charges once.
 */
export const renewalJob = defineJob(
  'billing.renewal',
  z.object({ renewalId: z.number().int().positive(), dueAt: z.string().nullable() }),
);

type RenewalRow = typeof renewals.$inferSelect;

/** What the subscription's next period costs now, by the engine, or why it will not renew. */
type Priced =
  | { kind: 'price'; amount: number; what: string; config: ClusterOrderConfig | null }
  /** The cluster is gone (deleted, failed), or the plan is no longer the organization's. */
  | { kind: 'gone' }
  /** Not now: the cluster is being deleted, or cannot be priced. */
  | { kind: 'wait' };

async function priceNextPeriod(
  tx: Tx,
  subscription: SubscriptionRow,
  catalog: Catalog,
): Promise<Priced> {
  if (subscription.kind === 'cluster') {
    const current = subscription.clusterId
      ? await clusterConfigNow(tx, subscription.clusterId, catalog)
      : null;
    if (!current || ['deleted', 'failed'].includes(current.cluster.status)) return { kind: 'gone' };
    if (current.cluster.status === 'deleting') return { kind: 'wait' };
    try {
      const quote = priceCluster(
        { ...current.config, billingCycle: subscription.billingCycle },
        catalog,
      );
      return {
        kind: 'price',
        amount: quote.total,
        what: `cluster ${current.cluster.name}`,
        config: current.config,
      };
    } catch {
      return { kind: 'wait' };
    }
  }
  if (subscription.kind === 'product') return priceProductPeriod(tx, subscription);
  const plan = catalog.supportPlans.find(
    (candidate) => candidate.slug === subscription.supportPlan,
  );
  const currentPlan = await supportPlanOf(tx, subscription.organizationId);
  if (!plan || currentPlan !== plan.slug) return { kind: 'gone' };
  const amount = subscription.billingCycle === 'yearly' ? plan.priceYearly : plan.priceMonthly;
  if (amount <= 0) return { kind: 'gone' };
  return { kind: 'price', amount, what: `the ${plan.name} support plan`, config: null };
}

/**
 * A product renews at its plan's price in the marketplace table (the catalog synchronised at
 * start), for its cycle; a product cancelled, failed or on the way out does not renew.
 */
async function priceProductPeriod(tx: Tx, subscription: SubscriptionRow): Promise<Priced> {
  if (!subscription.productInstanceId) return { kind: 'gone' };
  const row = await productForRenewal(tx, subscription.productInstanceId);
  if (!row || ['cancelling', 'cancelled', 'failed'].includes(row.status)) return { kind: 'gone' };
  const plan = row.plans.find((candidate) => candidate.slug === row.plan);
  if (!plan) return { kind: 'wait' };
  return {
    kind: 'price',
    amount: productPlanPrice(
      { ...plan, priceMonthly: plan.priceMonthlyCents, priceYearly: plan.priceYearlyCents },
      subscription.billingCycle,
    ),
    what: `${row.product} ${row.name} (${plan.name})`,
    config: null,
  };
}

/**
 * The day of the month the subscription's first period began on: the payment of the order that
 * opened it, or, for one opened without an order, its creation. Periods come back to it after
 * a shorter month cut one short (January 31, February 28, March 31).
 */
async function anchorDayOf(tx: Tx, subscription: SubscriptionRow): Promise<number> {
  if (subscription.orderId !== null) {
    const order = await findOrder(tx, subscription.orderId);
    if (order?.paidAt) return order.paidAt.getUTCDate();
  }
  return subscription.createdAt.getUTCDate();
}

const describe = (what: string, start: Date, end: Date) =>
  `Renewal of ${what}, ${periodWords(start, end)}`;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Subscriptions looked at by one query of the renewal pass; it goes on until none is left. */
const RENEWAL_BATCH = 500;

/**
 * Opens the renewal of every period that ended by `now`: one row per subscription and period
 * (a unique key, `on conflict do nothing`), priced by the engine from the configuration as it
 * is then, and its first attempt queued in the same transaction. A cluster that is gone has
 * its subscription cancelled instead. Every due subscription in one pass, a batch at a time
 * (after the last one looked at, so one left waiting is not looked at again until the next
 * pass); one that another instance has locked is left to it, so instances opening renewals at
 * once share them. Safe on every instance at once.
 */
export async function openDueRenewals(db: Db, catalog: Catalog, now: Date): Promise<number> {
  let opened = 0;
  let after: { periodEnd: string; id: number } | null = null;
  for (;;) {
    const batch: { id: number; period_end: string }[] = (
      await db.execute<{ id: number; period_end: string }>(sql`
        select s.id, s.period_end::text from subscriptions s
        where s.status <> 'cancelled' and s.period_end <= ${now.toISOString()}
          and not exists (
            select 1 from renewals r
            where r.subscription_id = s.id and r.period_start = s.period_end)
          ${after ? sql`and (s.period_end, s.id) > (${after.periodEnd}::timestamptz, ${after.id})` : sql``}
        order by s.period_end, s.id
        limit ${RENEWAL_BATCH}`)
    ).rows;
    for (const { id } of batch) opened += await openRenewal(db, catalog, now, Number(id));
    const last = batch.at(-1);
    if (batch.length < RENEWAL_BATCH || !last) return opened;
    after = { periodEnd: last.period_end, id: Number(last.id) };
  }
}

/** Opens the subscription's next renewal, unless another instance is at it: 1 when it did. */
async function openRenewal(db: Db, catalog: Catalog, now: Date, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for('update', { skipLocked: true });
    if (!subscription || subscription.status === 'cancelled') return 0;
    if (subscription.periodEnd.getTime() > now.getTime()) return 0;
    const priced = await priceNextPeriod(tx, subscription, catalog);
    if (priced.kind === 'gone') {
      await cancelSubscription(tx, subscription, now);
      return 0;
    }
    if (priced.kind === 'wait') return 0;
    const periodStart = subscription.periodEnd;
    const periodEnd = addPeriod(
      periodStart,
      subscription.billingCycle,
      await anchorDayOf(tx, subscription),
    );
    const [renewal] = await tx
      .insert(renewals)
      .values({
        subscriptionId: subscription.id,
        organizationId: subscription.organizationId,
        description: describe(priced.what, periodStart, periodEnd),
        periodStart,
        periodEnd,
        amountCents: priced.amount,
        nextAttemptAt: periodStart,
      })
      .onConflictDoNothing()
      .returning({ id: renewals.id });
    if (!renewal) return 0;
    await enqueueJob(tx, renewalJob, {
      renewalId: renewal.id,
      dueAt: periodStart.toISOString(),
    });
    return 1;
  });
}

/**
 * Queues the renewals whose next attempt is due by `now`, and those with an attempt cut off in
 * flight, unless a job for them is already waiting or running. The renewal's row is locked
 * while looking, so two instances queue one job.
 */
export async function queueDueAttempts(db: Db, now: Date): Promise<number> {
  const isQueued = sql`exists (
    select 1 from jobs j
    where j.type = ${renewalJob.name} and j.status in ('pending', 'running')
      and (j.payload->>'renewalId')::int = r.id)`;
  // The renewals with a job waiting, read once and hashed: the correlated form above, planned
  // before the statistics know of thousands of jobs queued at once (a tenth of the clusters
  // renewing at one moment), scanned every job for every renewal (10,000 of each: 14 s).
  const queuedIds = sql`select (j.payload->>'renewalId')::int from jobs j
    where j.type = ${renewalJob.name} and j.status in ('pending', 'running')`;
  const due = await db.execute<{ id: number }>(sql`
    select r.id from renewals r
    where r.status <> 'paid'
      and ((r.status = 'pending' and r.next_attempt_at <= ${now.toISOString()})
        or r.card_amount_cents > 0)
      and r.id not in (${queuedIds})
    order by r.id
    limit 500`);
  let queued = 0;
  for (const { id } of due.rows) {
    queued += await db.transaction(async (tx) => {
      const [renewal] = await tx.select().from(renewals).where(eq(renewals.id, id)).for('update');
      if (!renewal || renewal.status === 'paid') return 0;
      const again = await tx.execute<{ queued: boolean }>(
        sql`select ${isQueued} as queued from renewals r where r.id = ${id}`,
      );
      if (again.rows[0]?.queued) return 0;
      await enqueueJob(tx, renewalJob, {
        renewalId: id,
        dueAt: renewal.nextAttemptAt?.toISOString() ?? null,
      });
      return 1;
    });
  }
  return queued;
}

const inFlight = (row: RenewalRow) => row.status !== 'paid' && row.cardAmountCents > 0;

const outcomeOf = (row: RenewalRow | undefined): ChargeOutcome =>
  row?.status === 'paid'
    ? { status: 'paid' }
    : row?.lastError && row.attempts > 0
      ? { status: 'failed', reason: row.lastError }
      : { status: 'skipped' };

export interface RenewalCharge {
  /** Charge now whatever the schedule (the payer's "Pay now"); otherwise only the attempt `dueAt`. */
  force: boolean;
  dueAt: Date | null;
  /** The time of the attempt: whether it was a scheduled one, and when the next one is. */
  now: Date;
  catalog: Catalog;
}

/**
 * A renewal paid during its retry days prepays its whole period, those days included; the meter
 * billed them meanwhile against the previous period's configuration (nodes and add-ons above
 * it). What it billed that the renewal now prepays comes back as credit, so each hour is
 * charged once: by the renewal. Hours metered after the payment follow the new configuration.
 */
async function giveBackMeteredTwice(
  tx: Tx,
  renewal: RenewalRow,
  clusterId: number,
  paidConfig: ClusterOrderConfig,
  catalog: Catalog,
  now: Date,
) {
  const twice = await meteredCostPrepaidBy(
    tx,
    clusterId,
    renewal.periodStart,
    now,
    paidConfig,
    catalog,
  );
  await moveCredit(tx, {
    organizationId: renewal.organizationId,
    kind: 'proration',
    amountCents: millicentsToCents(twice),
    renewalId: renewal.id,
    description: `${renewal.description}: usage metered since ${dayOf(renewal.periodStart)} that the renewal paid for`,
  });
}

/** A renewal paid: the admins are told, and ordering opens again once nothing is overdue. */
async function announcePaid(tx: Tx, renewal: RenewalRow) {
  await notifyOrganizationAdmins(
    tx,
    renewal.organizationId,
    'success',
    `${renewal.description}: ${dollars(renewal.amountCents)} paid.`,
  );
  await liftSuspensionIfSettled(tx, renewal.organizationId);
}

/**
 * A renewal as the charge protocol sees it: `renewal-<id>-<attempt>` is the idempotency key,
 * and the attempt in flight is the card amount written on the row before the gateway is asked.
 * Each new attempt prices the period again from the configuration as it is then. Once paid,
 * the subscription moves to the new period with the configuration that was priced. A renewal
 * closed when its subscription ended charges the days its period ran, and moves nothing.
 *
 * Billing's lock order, which cluster deletion (cluster, then subscription) and a plan change
 * follow too: the subscription, then its renewal, then the organization's credit balance.
 */
export function renewalTarget(renewalId: number, options: RenewalCharge): ChargeTarget {
  const { now, catalog } = options;
  /** The subscription's row, then the renewal's: null when the renewal is gone. */
  const lock = async (tx: Tx) => {
    const [found] = await tx
      .select({ subscriptionId: renewals.subscriptionId })
      .from(renewals)
      .where(eq(renewals.id, renewalId));
    if (!found) return null;
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, found.subscriptionId))
      .for('update');
    const [row] = await tx.select().from(renewals).where(eq(renewals.id, renewalId)).for('update');
    return row ? { row, subscription: subscription! } : null;
  };
  const ledger = (row: RenewalRow) => ({
    organizationId: row.organizationId,
    what: lowerFirst(row.description),
    renewalId,
  });
  const keyOf = (number: number) => `renewal-${renewalId}-${number}`;
  const attemptOf = (row: RenewalRow): Attempt => ({
    idempotencyKey: keyOf(row.attempts),
    number: row.attempts,
    creditApplied: row.creditAppliedCents,
    cardAmount: row.cardAmountCents,
    paymentMethodId: row.paymentMethodId,
  });
  const reread = async (tx: Tx) =>
    (await tx.select().from(renewals).where(eq(renewals.id, renewalId)))[0];
  /** A closed renewal asks for what its days cost. */
  const charge = (row: RenewalRow): Begin => ({
    kind: 'new',
    amountCents: row.amountCents,
    attempts: row.attempts,
    ledger: ledger(row),
  });

  return {
    async begin(tx) {
      const locked = await lock(tx);
      if (!locked || locked.row.status === 'paid') {
        return { kind: 'nothing', outcome: outcomeOf(locked?.row) };
      }
      const { row, subscription } = locked;
      if (inFlight(row)) return { kind: 'resume', attempt: attemptOf(row), ledger: ledger(row) };
      const scheduled =
        row.status === 'pending' &&
        row.nextAttemptAt !== null &&
        row.nextAttemptAt.getTime() === options.dueAt?.getTime();
      if (!options.force && !scheduled) return { kind: 'nothing', outcome: { status: 'skipped' } };
      if (row.closedAt) return charge(row);
      if (subscription.status === 'cancelled') {
        // Ended before renewals were closed with their subscription: nothing to ask for.
        await tx.delete(renewals).where(eq(renewals.id, renewalId));
        return { kind: 'nothing', outcome: { status: 'skipped' } };
      }
      const priced = await priceNextPeriod(tx, subscription, catalog);
      if (priced.kind === 'gone') {
        // The period ran until now: those days are charged, and nothing beyond.
        await cancelSubscription(tx, subscription, now);
        const closed = await reread(tx);
        if (closed?.closedAt) return charge(closed);
        return { kind: 'nothing', outcome: { status: 'skipped' } };
      }
      if (priced.kind === 'wait') return { kind: 'nothing', outcome: { status: 'skipped' } };
      const description = describe(priced.what, row.periodStart, row.periodEnd);
      // The configuration priced is what the period prepays once paid, whatever the cluster
      // becomes while the card is charged.
      await tx
        .update(renewals)
        .set({ amountCents: priced.amount, description, paidConfig: priced.config })
        .where(eq(renewals.id, renewalId));
      return {
        kind: 'new',
        amountCents: priced.amount,
        attempts: row.attempts,
        ledger: ledger({ ...row, description }),
      };
    },

    async started(tx, attempt) {
      await tx
        .update(renewals)
        .set({
          attempts: attempt.number,
          creditAppliedCents: attempt.creditApplied,
          cardAmountCents: attempt.cardAmount,
          paymentMethodId: attempt.paymentMethodId,
        })
        .where(eq(renewals.id, renewalId));
      return { ...attempt, idempotencyKey: keyOf(attempt.number) };
    },

    async settling(tx, attempt) {
      const row = (await lock(tx))?.row;
      if (row && inFlight(row) && row.attempts === attempt.number) return null;
      return outcomeOf(row);
    },

    async succeeded(tx, attempt, gatewayChargeId) {
      const { subscription } = (await lock(tx))!;
      const [row] = await tx
        .update(renewals)
        .set({
          status: 'paid',
          paidAt: new Date(),
          attempts: attempt.number,
          creditAppliedCents: attempt.creditApplied,
          cardAmountCents: attempt.cardAmount,
          paymentMethodId: attempt.paymentMethodId,
          gatewayChargeId,
          nextAttemptAt: null,
          lastError: null,
        })
        .where(eq(renewals.id, renewalId))
        .returning();
      const renewal = row!;
      if (renewal.closedAt) {
        // Charged for a whole period while its subscription ended: the days after it come back.
        if (renewal.periodEnd.getTime() > renewal.closedAt.getTime()) {
          const used = usedPart(subscription, renewal, renewal.closedAt);
          await returnPaidPeriod(
            tx,
            renewal.organizationId,
            Math.max(0, renewal.amountCents - used.amount),
            renewal.description,
          );
        }
        await announcePaid(tx, renewal);
        return;
      }
      if (subscription.status === 'cancelled') {
        // Its cluster went while the card was being charged: the period will not run.
        await returnPaidPeriod(
          tx,
          renewal.organizationId,
          renewal.amountCents,
          renewal.description,
        );
        return;
      }
      const cluster = subscription.kind === 'cluster' ? subscription.clusterId : null;
      // What was priced and charged (a renewal priced before it was recorded: the cluster now).
      const paidConfig =
        renewal.paidConfig ??
        (cluster ? (await clusterConfigNow(tx, cluster, catalog))?.config : null) ??
        subscription.paidConfig;
      await tx
        .update(subscriptions)
        .set({
          periodStart: renewal.periodStart,
          periodEnd: renewal.periodEnd,
          paidConfig,
          periodPriceCents: renewal.amountCents,
          status: 'active',
          updatedAt: new Date(),
        })
        .where(eq(subscriptions.id, subscription.id));
      if (cluster && paidConfig) {
        await giveBackMeteredTwice(tx, renewal, cluster, paidConfig, catalog, now);
      }
      // A node scaled up meanwhile is metered by the hour; one scaled down gives back its
      // unused share of the period just paid, as any scale-down does.
      if (cluster) await createClusterBillingHooks().capacityChanged(tx, cluster, catalog, now);
      await announcePaid(tx, renewal);
    },

    async failed(tx, attempt, reason) {
      const locked = (await lock(tx))!;
      const { subscription } = locked;
      if (subscription.status === 'cancelled' && !locked.row.closedAt) {
        await tx.delete(renewals).where(eq(renewals.id, renewalId));
        return;
      }
      // An attempt in flight when the subscription ended: from now it asks for the days used.
      await chargeDaysUsed(tx, subscription, locked.row);
      const row = await reread(tx);
      if (!row) return;
      // A scheduled attempt (its time has come) moves the schedule on; "Pay now" does not.
      const due = row.nextAttemptAt;
      const scheduled = row.status === 'pending' && due !== null && due.getTime() <= now.getTime();
      const next = scheduled ? nextRetryAt(row.periodStart, due) : row.nextAttemptAt;
      const final = scheduled && next === null;
      await tx
        .update(renewals)
        .set({
          attempts: attempt.number,
          creditAppliedCents: 0,
          cardAmountCents: 0,
          lastError: reason,
          nextAttemptAt: next,
          status: final ? 'failed' : row.status,
        })
        .where(eq(renewals.id, renewalId));
      if (subscription.status === 'active') {
        await tx
          .update(subscriptions)
          .set({ status: 'past_due', updatedAt: new Date() })
          .where(eq(subscriptions.id, subscription.id));
      }
      if (!scheduled) return;
      const amount = dollars(row.amountCents);
      const then = next
        ? `We will try again on ${dayOf(next)}; you can pay it now from Billing.`
        : 'That was the last automatic attempt: new orders are suspended until it is paid from Billing.';
      const message = `${row.description} (${amount}) could not be charged: ${reason} ${then}`;
      await notifyOrganizationAdmins(tx, row.organizationId, 'error', message, {
        subject: `Payment of a renewal failed (${amount})`,
        text: message,
      });
      if (final) await suspendOrdering(tx, row.organizationId, now);
    },
  };
}

/** The organization's renewals not paid yet, oldest first. */
export async function unpaidRenewals(db: Db, organizationId: number) {
  return db
    .select()
    .from(renewals)
    .where(and(eq(renewals.organizationId, organizationId), sql`${renewals.status} <> 'paid'`))
    .orderBy(asc(renewals.id));
}
