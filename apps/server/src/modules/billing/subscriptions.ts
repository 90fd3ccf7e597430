import { and, eq, ne } from 'drizzle-orm';
import {
  hourlyTierTerms,
  priceCluster,
  proratedCharge,
  proratedCredit,
  type Catalog,
  type ClusterOrderConfig,
} from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { findOrder, type OrderRecord } from '../orders/index.ts';
import { setSupportPlan } from '../organizations/index.ts';
import { renewals, subscriptions } from './schema.ts';
import { dollars } from '../../lib/money.ts';
import { moveCredit } from '../credits/index.ts';
import { clusterConfigNow } from '../clusters/index.ts';
import { describeLowering, lowerPaidConfig } from './cluster-config.ts';
import { addPeriod, periodHours, periodWords, wholeHoursBetween } from './periods.ts';
import { liftSuspensionIfSettled } from './suspension.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type OrderRow = OrderRecord;

/** The subscription of a cluster that is not cancelled, locked for the caller's transaction. */
export async function lockClusterSubscription(tx: Tx, clusterId: number) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.clusterId, clusterId), ne(subscriptions.status, 'cancelled')))
    .for('update');
  return row ?? null;
}

const liveSupport = (organizationId: number) =>
  and(
    eq(subscriptions.organizationId, organizationId),
    eq(subscriptions.kind, 'support'),
    ne(subscriptions.status, 'cancelled'),
  );

/** The organization's support subscription that is not cancelled, locked. */
export async function lockSupportSubscription(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(liveSupport(organizationId))
    .for('update');
  return row ?? null;
}

/** Whether the organization has a support subscription that is not cancelled, without a lock. */
export async function hasSupportSubscription(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(liveSupport(organizationId));
  return row !== undefined;
}

/** A subscription's renewals not paid yet, locked: after the subscription, before the balance. */
export function lockUnpaidRenewals(tx: Tx, subscriptionId: number) {
  return tx
    .select()
    .from(renewals)
    .where(and(eq(renewals.subscriptionId, subscriptionId), ne(renewals.status, 'paid')))
    .for('update');
}

/** A paid cluster order's first period: from payment, a calendar month (or a year) long. */
export async function openClusterSubscription(
  tx: Tx,
  order: OrderRow,
  clusterId: number,
  paidAt: Date,
) {
  const config = order.clusterConfig!;
  // Nothing prepaid (the sandbox): metering bills its hours once the trial ends, no renewal.
  if (hourlyTierTerms(config.tier)) return;
  await tx.insert(subscriptions).values({
    organizationId: order.organizationId,
    kind: 'cluster',
    clusterId,
    orderId: order.id,
    billingCycle: order.billingCycle,
    paidConfig: config,
    periodPriceCents: order.subtotalCents,
    periodStart: paidAt,
    periodEnd: addPeriod(paidAt, order.billingCycle),
  });
}

/**
 * What of a period's price was really paid: all of it, except in the first period of an order
 * that had a discount (the promo code), where the credit is scaled down with it, so a credit
 * never exceeds what was paid.
 */
async function paidShare(
  tx: DbOrTx,
  subscription: SubscriptionRow,
  cents: number,
): Promise<number> {
  if (!subscription.orderId) return cents;
  const [renewed] = await tx
    .select({ id: renewals.id })
    .from(renewals)
    .where(and(eq(renewals.subscriptionId, subscription.id), eq(renewals.status, 'paid')))
    .limit(1);
  if (renewed) return cents;
  const order = await findOrder(tx, subscription.orderId);
  if (!order || order.subtotalCents <= 0 || order.totalCents >= order.subtotalCents) return cents;
  return Math.floor((cents * order.totalCents) / order.subtotalCents);
}

/**
 * The unused part of `cents` of the subscription's current period at `now`: whole hours left
 * over the period's hours, rounded down (`proratedCredit`).
 */
export async function unusedPart(
  tx: DbOrTx,
  subscription: SubscriptionRow,
  cents: number,
  now: Date,
) {
  const hoursLeft = wholeHoursBetween(now, subscription.periodEnd);
  const hours = periodHours(subscription.periodStart, subscription.periodEnd);
  const credit = proratedCredit(await paidShare(tx, subscription, cents), hoursLeft, hours);
  return { credit, hoursLeft, hours };
}

/** The engine's price of a paid configuration for the subscription's cycle; null if it cannot. */
export function priceOf(config: ClusterOrderConfig, cycle: 'monthly' | 'yearly', catalog: Catalog) {
  try {
    return priceCluster({ ...config, billingCycle: cycle }, catalog).total;
  } catch {
    return null;
  }
}

type RenewalRow = typeof renewals.$inferSelect;

/**
 * What an unpaid renewal owes once its subscription ended at `closedAt`: the whole hours its
 * period ran by then, at the price of what the last paid period prepaid (whatever ran above
 * that was metered by the hour), by the engine's proration.
 */
export function usedPart(subscription: SubscriptionRow, renewal: RenewalRow, closedAt: Date) {
  const hours = wholeHoursBetween(renewal.periodStart, closedAt);
  const amount = proratedCharge(
    subscription.periodPriceCents,
    hours,
    periodHours(renewal.periodStart, renewal.periodEnd),
  );
  const description = `${renewal.description.replace(/, .*$/, '')}, ${periodWords(renewal.periodStart, closedAt)} (${hours} hours, until it ended)`;
  return { amount, description };
}

/**
 * Turns a closed renewal into its charge for the days used: its period ends when the
 * subscription did, its amount is what those days cost; one with nothing to charge goes. Not
 * while an attempt is in flight: its outcome settles it (see the renewal's target).
 */
export async function chargeDaysUsed(tx: Tx, subscription: SubscriptionRow, renewal: RenewalRow) {
  if (!renewal.closedAt || renewal.periodEnd.getTime() <= renewal.closedAt.getTime()) return;
  const used = usedPart(subscription, renewal, renewal.closedAt);
  if (used.amount <= 0) {
    await tx.delete(renewals).where(eq(renewals.id, renewal.id));
    return;
  }
  await tx
    .update(renewals)
    .set({
      periodEnd: renewal.closedAt,
      amountCents: used.amount,
      description: used.description,
      paidConfig: null,
    })
    .where(eq(renewals.id, renewal.id));
}

/**
 * Unpaid renewals of a subscription that ends are closed at `now`: each still charges the days
 * its period ran (overdue days are owed like any other), through the same attempts and retries;
 * one whose period had not begun charges nothing and goes. One whose card is being charged right
 * now is closed too, and its outcome gives back what it took beyond those days.
 */
async function closeUnpaidRenewals(tx: Tx, subscription: SubscriptionRow, now: Date) {
  const unpaid = await lockUnpaidRenewals(tx, subscription.id);
  for (const renewal of unpaid) {
    const closed = { ...renewal, closedAt: now };
    await tx.update(renewals).set({ closedAt: now }).where(eq(renewals.id, renewal.id));
    if (renewal.cardAmountCents === 0) await chargeDaysUsed(tx, subscription, closed);
  }
  await liftSuspensionIfSettled(tx, subscription.organizationId);
}

export async function cancelSubscription(tx: Tx, subscription: SubscriptionRow, now: Date) {
  await tx
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  await closeUnpaidRenewals(tx, subscription, now);
}

/**
 * What the clusters module tells billing, in the transaction that finishes an operation: the
 * composition root passes these to it, so the clusters module does not know this one.
 */
export function createClusterBillingHooks() {
  return {
    /**
     * A scale-down, a pool removal (or a change that failed and left fewer nodes) finished:
     * the paid counts come down to what the cluster has, and the unused prepaid part of what
     * was removed goes to the credit balance. A scale-up changes nothing here: the nodes above
     * the paid count are metered by the hour.
     */
    async capacityChanged(tx: Tx, clusterId: number, catalog: Catalog, now = new Date()) {
      const subscription = await lockClusterSubscription(tx, clusterId);
      if (!subscription?.paidConfig) return;
      const current = await clusterConfigNow(tx, clusterId, catalog);
      if (!current) return;
      const before = subscription.paidConfig;
      const after = lowerPaidConfig(before, current.config);
      const lowered = describeLowering(before, after);
      if (!lowered) return;

      const valueBefore = priceOf(before, subscription.billingCycle, catalog);
      const valueAfter = priceOf(after, subscription.billingCycle, catalog);
      // The removed part's share of what the period cost, by the engine's prices.
      const removed =
        valueBefore && valueAfter !== null && valueBefore > 0
          ? Math.floor((subscription.periodPriceCents * (valueBefore - valueAfter)) / valueBefore)
          : 0;
      const { credit, hoursLeft, hours } = await unusedPart(tx, subscription, removed, now);
      await moveCredit(tx, {
        organizationId: subscription.organizationId,
        kind: 'proration',
        amountCents: credit,
        description: `Cluster ${current.cluster.name} made smaller (${lowered}): the unused part of its prepaid period, ${hoursLeft} of ${hours} hours`,
      });
      await tx
        .update(subscriptions)
        .set({
          paidConfig: after,
          periodPriceCents: Math.max(0, subscription.periodPriceCents - removed),
          updatedAt: now,
        })
        .where(eq(subscriptions.id, subscription.id));
    },

    /** A cluster's deletion finished: the unused prepaid part back as credit, and no renewal. */
    async clusterDeleted(tx: Tx, clusterId: number, _catalog: Catalog, now = new Date()) {
      const subscription = await lockClusterSubscription(tx, clusterId);
      if (!subscription) return;
      const { credit, hoursLeft, hours } = await unusedPart(
        tx,
        subscription,
        subscription.periodPriceCents,
        now,
      );
      const name = subscription.paidConfig?.name ?? `#${clusterId}`;
      // The lock order of billing: subscription, then its renewals, then the organization's
      // balance (see `renewalTarget`), so a renewal being charged and a deletion never wait
      // on each other in a circle.
      await cancelSubscription(tx, subscription, now);
      await moveCredit(tx, {
        organizationId: subscription.organizationId,
        kind: 'proration',
        amountCents: credit,
        description: `Cluster ${name} deleted: the unused part of its prepaid period, ${hoursLeft} of ${hours} hours`,
      });
    },

    /** Its provisioning failed: the order gave everything back already, so only the subscription ends. */
    async provisioningFailed(tx: Tx, clusterId: number) {
      const subscription = await lockClusterSubscription(tx, clusterId);
      if (subscription) await cancelSubscription(tx, subscription, new Date());
    },
  };
}
export type ClusterBillingHooksImpl = ReturnType<typeof createClusterBillingHooks>;

/**
 * A paid support order: the organization's plan changes at once, the support subscription it
 * had ends (its unused part back as credit) and, for a paid plan, a new one starts now.
 */
export async function applySupportPlan(
  tx: Tx,
  input: {
    organizationId: number;
    plan: { slug: string; name: string };
    billingCycle: 'monthly' | 'yearly';
    priceCents: number;
    orderId: number;
    now: Date;
  },
): Promise<Date | null> {
  const { organizationId, now } = input;
  const previous = await lockSupportSubscription(tx, organizationId);
  if (previous) {
    const { credit, hoursLeft, hours } = await unusedPart(
      tx,
      previous,
      previous.periodPriceCents,
      now,
    );
    // Renewals before the balance: billing's lock order.
    await cancelSubscription(tx, previous, now);
    await moveCredit(tx, {
      organizationId,
      kind: 'proration',
      amountCents: credit,
      description: `Support plan ${previous.supportPlan} replaced: the unused part of its prepaid period, ${hoursLeft} of ${hours} hours`,
    });
  }
  await setSupportPlan(tx, organizationId, input.plan.slug, now);
  if (input.priceCents <= 0) return null;
  const periodEnd = addPeriod(now, input.billingCycle);
  await tx.insert(subscriptions).values({
    organizationId,
    kind: 'support',
    supportPlan: input.plan.slug,
    orderId: input.orderId,
    billingCycle: input.billingCycle,
    periodPriceCents: input.priceCents,
    periodStart: now,
    periodEnd,
  });
  return periodEnd;
}

/** Credit given for a period that was paid but will not run (its cluster went meanwhile). */
export async function returnPaidPeriod(
  tx: Tx,
  organizationId: number,
  cents: number,
  what: string,
) {
  await moveCredit(tx, {
    organizationId,
    kind: 'proration',
    amountCents: cents,
    description: `${what} was paid while it ended: ${dollars(cents)} back`,
  });
}
