import type { Catalog, ClusterOrderConfig } from '@alpenkube/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { subscriptions } from './schema.ts';
import { periodHours, wholeHoursBetween } from './periods.ts';
import {
  lockClusterSubscription,
  priceOf,
  unusedPart,
  type SubscriptionRow,
} from './subscriptions.ts';

/**
 * Add-ons joining and leaving a cluster's prepaid period. An add-on ordered mid-period is paid
 * for the hours left (the order); once installed, the period's paid configuration carries it,
 * so the renewal charges it and metering does not bill its hours again. Leaving, its share of
 * the period's price is credited by the hours left, as `capacityChanged` does when the
 * removal finishes; `removalCredit` says beforehand what that will be.
 */

/** The cluster's subscription that is not cancelled, unlocked (for quotes). */
export async function clusterSubscription(db: DbOrTx, clusterId: number) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.clusterId, clusterId), ne(subscriptions.status, 'cancelled')));
  return row ?? null;
}

/** The period's whole hours left at `now`, and its length. */
export function periodLeft(subscription: SubscriptionRow, now: Date) {
  return {
    hoursLeft: wholeHoursBetween(now, subscription.periodEnd),
    periodHours: periodHours(subscription.periodStart, subscription.periodEnd),
  };
}

/** The add-on's share of what the period cost, by the engine's prices: `capacityChanged`'s arithmetic. */
function addonShare(subscription: SubscriptionRow, slug: string, catalog: Catalog): number {
  const paid = subscription.paidConfig;
  if (!paid?.addons.includes(slug)) return 0;
  const before = priceOf(paid, subscription.billingCycle, catalog);
  const after = priceOf(
    { ...paid, addons: paid.addons.filter((candidate) => candidate !== slug) },
    subscription.billingCycle,
    catalog,
  );
  if (!before || after === null) return 0;
  return Math.floor((subscription.periodPriceCents * (before - after)) / before);
}

/** What removing the add-on at `now` gives back as credit: 0 when the period did not prepay it. */
export async function removalCredit(
  db: DbOrTx,
  subscription: SubscriptionRow,
  slug: string,
  catalog: Catalog,
  now: Date,
): Promise<number> {
  const share = addonShare(subscription, slug, catalog);
  return share > 0 ? (await unusedPart(db, subscription, share, now)).credit : 0;
}

/**
 * Something bought mid-period joined the cluster (its order paid the hours left): the period's
 * paid configuration becomes `grow(paid)`, and its price gains the engine's full-period price of
 * the difference (what a removal credits a share of, by the hours left). `grow` answers null when
 * the paid configuration has it already.
 */
async function joinPeriod(
  tx: Tx,
  clusterId: number,
  catalog: Catalog,
  grow: (paid: ClusterOrderConfig) => ClusterOrderConfig | null,
) {
  const subscription = await lockClusterSubscription(tx, clusterId);
  const paid = subscription?.paidConfig;
  const after = paid ? grow(paid) : null;
  if (!subscription || !paid || !after) return;
  const before = priceOf(paid, subscription.billingCycle, catalog);
  const withIt = priceOf(after, subscription.billingCycle, catalog);
  const added = before !== null && withIt !== null ? Math.max(0, withIt - before) : 0;
  await tx
    .update(subscriptions)
    .set({
      paidConfig: after,
      periodPriceCents: subscription.periodPriceCents + added,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, subscription.id));
}

/** An add-on order's add-on is installed: the period carries it. */
export const addonInstalled = (tx: Tx, clusterId: number, slug: string, catalog: Catalog) =>
  joinPeriod(tx, clusterId, catalog, (paid) =>
    paid.addons.includes(slug) ? null : { ...paid, addons: [...paid.addons, slug] },
  );

/** A high-availability order's control plane is highly available: the period carries it. */
export const haEnabled = (tx: Tx, clusterId: number, catalog: Catalog) =>
  joinPeriod(tx, clusterId, catalog, (paid) =>
    paid.haControlPlane ? null : { ...paid, haControlPlane: true },
  );
