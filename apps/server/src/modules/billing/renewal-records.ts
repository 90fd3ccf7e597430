import { and, asc, eq, gt, gte, isNotNull, lt, lte, min, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { renewals, subscriptions } from './schema.ts';

/** The organization's renewals paid from `start` until before `until`, as they were paid. */
export async function paidRenewalsBetween(
  db: DbOrTx,
  organizationId: number,
  start: Date,
  until: Date,
) {
  return db
    .select({ id: renewals.id, description: renewals.description, amount: renewals.amountCents })
    .from(renewals)
    .where(
      inOrganization(
        renewals,
        organizationId,
        eq(renewals.status, 'paid'),
        gte(renewals.paidAt, start),
        lt(renewals.paidAt, until),
      ),
    )
    .orderBy(asc(renewals.paidAt), asc(renewals.id));
}

/** When the organization's first renewal was paid, before `until`. */
export async function firstRenewalPaidAt(
  db: DbOrTx,
  organizationId: number,
  until: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(renewals.paidAt) })
    .from(renewals)
    .where(
      inOrganization(
        renewals,
        organizationId,
        eq(renewals.status, 'paid'),
        lt(renewals.paidAt, until),
      ),
    );
  return row?.at ?? null;
}

/** What the organization's renewals paid in [start, end), up to `now`, came to, in cents. */
export async function paidRenewalCents(
  db: DbOrTx,
  organizationId: number,
  range: { start: Date; end: Date; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${renewals.amountCents}), 0)` })
    .from(renewals)
    .where(
      inOrganization(
        renewals,
        organizationId,
        eq(renewals.status, 'paid'),
        gte(renewals.paidAt, range.start),
        lt(renewals.paidAt, range.end),
        lte(renewals.paidAt, range.now),
      ),
    );
  return Number(row!.cents);
}

/** The organization's renewals still unpaid after an attempt failed, oldest first. */
export async function overdueRenewalsOf(db: DbOrTx, organizationId: number) {
  return (
    db
      .select()
      .from(renewals)
      // Overdue once an attempt has failed; one opened and not tried yet is simply due.
      .where(
        inOrganization(
          renewals,
          organizationId,
          ne(renewals.status, 'paid'),
          isNotNull(renewals.lastError),
        ),
      )
      .orderBy(asc(renewals.periodStart), asc(renewals.id))
  );
}

/** The organization's subscriptions not cancelled, the next to renew first. */
export async function liveSubscriptionsOf(db: DbOrTx, organizationId: number) {
  return db
    .select({
      kind: subscriptions.kind,
      supportPlan: subscriptions.supportPlan,
      cycle: subscriptions.billingCycle,
      periodEnd: subscriptions.periodEnd,
      price: subscriptions.periodPriceCents,
      clusterId: subscriptions.clusterId,
      productInstanceId: subscriptions.productInstanceId,
    })
    .from(subscriptions)
    .where(inOrganization(subscriptions, organizationId, ne(subscriptions.status, 'cancelled')))
    .orderBy(asc(subscriptions.periodEnd), asc(subscriptions.id));
}

/**
 * The configurations the cluster's subscriptions paid for, for hours from `from` on: the live
 * one, and those cancelled after `from` with when they were.
 */
export async function prepaidConfigsOf(db: DbOrTx, clusterId: number, from: Date) {
  const rows = await db
    .select({
      paidConfig: subscriptions.paidConfig,
      status: subscriptions.status,
      cancelledAt: subscriptions.cancelledAt,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.clusterId, clusterId),
        or(ne(subscriptions.status, 'cancelled'), gt(subscriptions.cancelledAt, from)),
      ),
    )
    .orderBy(asc(subscriptions.id));
  return rows.map((row) => ({
    paidConfig: row.paidConfig,
    cancelledAt: row.status === 'cancelled' ? row.cancelledAt : null,
  }));
}
