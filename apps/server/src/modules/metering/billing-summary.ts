import { asc, eq, gte, isNotNull, lt, lte, ne, sql, type Column } from 'drizzle-orm';
import { millicentsToCents, type BillingSummary, type Catalog } from '@alpenkube/contract';
import type { Db } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { renewals, subscriptions } from '../billing/schema.ts';
import { invoices } from '../invoices/schema.ts';
import { clusterNamesOf } from '../clusters/index.ts';
import { paidOrderCents } from '../orders/index.ts';
import { billingStandingOf } from '../organizations/index.ts';
import { productNamesOf } from '../products/index.ts';
import { budgets, usageDaily, usageRecords } from './schema.ts';
import { clustersDueForMetering } from './due-clusters.ts';
import { notFound } from '../../lib/http-error.ts';
import { HOUR_MS, addHours, hourStart } from './usage-hours.ts';

/** The UTC calendar month `at` falls in: its first instant, and the first of the next month. */
export function monthOf(at: Date): { start: Date; end: Date; key: string } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end, key: start.toISOString().slice(0, 7) };
}

const sumOf = (column: Column) => sql<string>`coalesce(sum(${column}), 0)`;

/**
 * The organization's spend in the month of `now`, to `now`: the orders paid in it, the renewals
 * paid in it, and the metered cost of its hours metered so far (from the daily rollup).
 */
export async function monthToDate(db: Db, organizationId: number, now: Date) {
  const month = monthOf(now);
  const [ordered, [renewed], [metered]] = await Promise.all([
    paidOrderCents(db, organizationId, { ...month, now }),
    db
      .select({ cents: sumOf(renewals.amountCents) })
      .from(renewals)
      .where(
        inOrganization(
          renewals,
          organizationId,
          eq(renewals.status, 'paid'),
          gte(renewals.paidAt, month.start),
          lt(renewals.paidAt, month.end),
          lte(renewals.paidAt, now),
        ),
      ),
    db
      .select({ millicents: sumOf(usageDaily.costMillicents) })
      .from(usageDaily)
      .where(
        inOrganization(
          usageDaily,
          organizationId,
          gte(usageDaily.day, month.start.toISOString().slice(0, 10)),
          lt(usageDaily.day, month.end.toISOString().slice(0, 10)),
        ),
      ),
  ]);
  const orderCents = ordered;
  const renewalCents = Number(renewed!.cents);
  const usageCents = millicentsToCents(Number(metered!.millicents));
  return {
    month,
    orders: orderCents,
    renewals: renewalCents,
    usage: usageCents,
    total: orderCents + renewalCents + usageCents,
  };
}

/**
 * The metered cost of the last hour that has ended, in cents. Metering writes an hour within a
 * minute of its end: until every cluster of the organization has it, the hour before stands in.
 */
async function hourlyRunRate(db: Db, organizationId: number, now: Date): Promise<number> {
  const last = addHours(hourStart(now), -1);
  const [hours, [lagging]] = await Promise.all([
    db
      .select({ hour: usageRecords.hour, millicents: sumOf(usageRecords.costMillicents) })
      .from(usageRecords)
      .where(
        inOrganization(
          usageRecords,
          organizationId,
          gte(usageRecords.hour, addHours(last, -1)),
          lte(usageRecords.hour, last),
        ),
      )
      .groupBy(usageRecords.hour),
    // A cluster alive through the hour that metering has not written it for yet.
    db
      .execute<{ id: number }>(
        sql`select due.id from (${clustersDueForMetering(addHours(last, 1))}) due
          where due.organization_id = ${organizationId} and due.created_at < ${last}
            and (due.deleted_at is null or due.deleted_at > ${last})
          limit 1`,
      )
      .then((result) => result.rows),
  ]);
  const hour = lagging ? addHours(last, -1) : last;
  const row = hours.find((candidate) => candidate.hour.getTime() === hour.getTime());
  return millicentsToCents(Number(row?.millicents ?? 0));
}

/** What a subscription renews, in words. */
function renewalDescription(
  subscription: {
    kind: 'cluster' | 'support' | 'product';
    supportPlan: string | null;
    cycle: string;
    productName?: string | null;
  },
  clusterName: string | null,
  catalog: Catalog,
) {
  if (subscription.kind === 'support') {
    const plan = catalog.supportPlans.find(
      (candidate) => candidate.slug === subscription.supportPlan,
    );
    return `Support plan ${plan?.name ?? subscription.supportPlan ?? ''}, ${subscription.cycle}`;
  }
  if (subscription.kind === 'product') {
    return `Marketplace product ${subscription.productName ?? ''}, ${subscription.cycle}`;
  }
  return `Cluster ${clusterName ?? ''}, ${subscription.cycle}`;
}

/**
 * The billing page's figures: the balance, the month so far, the forecast (month to date, the
 * last full hour's metered cost for every hour left, the renewals due before the month ends),
 * the next renewal, open invoices, the budget, a suspension and the renewals still unpaid.
 */
export async function billingSummary(
  db: Db,
  organizationId: number,
  now: Date,
  catalog: Catalog,
): Promise<BillingSummary> {
  const [organization, spent, runRate, subscribed, [open], [budget], overdue] = await Promise.all([
    billingStandingOf(db, organizationId),
    monthToDate(db, organizationId, now),
    hourlyRunRate(db, organizationId, now),
    db
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
      .orderBy(asc(subscriptions.periodEnd), asc(subscriptions.id)),
    db
      .select({ count: sql<string>`count(*)`, cents: sumOf(invoices.amountDueCents) })
      .from(invoices)
      .where(inOrganization(invoices, organizationId, eq(invoices.status, 'open'))),
    db.select().from(budgets).where(eq(budgets.organizationId, organizationId)),
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
      .orderBy(asc(renewals.periodStart), asc(renewals.id)),
  ]);
  if (!organization) throw notFound('Organization not found');
  // The subscriptions' clusters and products by name: one query each, not a join.
  const [clusterNames, productNames] = await Promise.all([
    clusterNamesOf(
      db,
      subscribed.flatMap((row) => (row.clusterId === null ? [] : [row.clusterId])),
    ),
    productNamesOf(
      db,
      subscribed.flatMap((row) => (row.productInstanceId === null ? [] : [row.productInstanceId])),
    ),
  ]);
  const live = subscribed.map((row) => ({
    ...row,
    clusterName: row.clusterId === null ? null : (clusterNames.get(row.clusterId) ?? null),
    productName:
      row.productInstanceId === null ? null : (productNames.get(row.productInstanceId) ?? null),
  }));

  const { month } = spent;
  // The hours not metered yet: the one under way and every one after it this month.
  const hoursLeft = Math.max(0, (month.end.getTime() - hourStart(now).getTime()) / HOUR_MS);
  const renewalsDue = live
    .filter((row) => row.periodEnd >= month.start && row.periodEnd < month.end)
    .reduce((sum, row) => sum + row.price, 0);
  const next = live.find((row) => row.periodEnd >= now);

  return {
    currency: 'USD',
    creditBalance: organization.balance,
    monthToDate: spent.total,
    forecast: spent.total + runRate * hoursLeft + renewalsDue,
    hourlyRunRate: runRate,
    monthStart: month.start.toISOString(),
    monthEnd: month.end.toISOString(),
    nextRenewal: next
      ? {
          at: next.periodEnd.toISOString(),
          amount: next.price,
          description: renewalDescription(next, next.clusterName, catalog),
        }
      : null,
    openInvoices: { count: Number(open!.count), total: Number(open!.cents) },
    budget: budget ? { amount: budget.amountCents, thresholds: budget.thresholds } : null,
    orderingSuspended: organization.suspendedAt
      ? {
          since: organization.suspendedAt.toISOString(),
          reason: organization.suspendedReason ?? 'A renewal is unpaid',
        }
      : null,
    overdueRenewals: overdue.map((renewal) => ({
      id: renewal.id,
      description: renewal.description,
      amount: renewal.amountCents,
      dueAt: renewal.periodStart.toISOString(),
      attempts: renewal.attempts,
      nextAttemptAt: renewal.nextAttemptAt?.toISOString() ?? null,
      lastError: renewal.lastError,
    })),
  };
}
