import type { BillingSummary, Catalog } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { liveSubscriptionsOf, overdueRenewalsOf } from '../billing/index.ts';
import { clusterNamesOf } from '../clusters/index.ts';
import { openInvoiceTotalsOf } from '../invoices/index.ts';
import { billingStandingOf } from '../organizations/index.ts';
import { productNamesOf } from '../products/index.ts';
import { HOUR_MS, hourStart, type UsageService } from '../usage/index.ts';
import { notFound } from '../../lib/http-error.ts';

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
  db: DbOrTx,
  usage: Pick<UsageService, 'monthToDate' | 'hourlyRunRate' | 'budgetOf'>,
  organizationId: number,
  now: Date,
  catalog: Catalog,
): Promise<BillingSummary> {
  const [organization, spent, runRate, subscribed, open, budget, overdue] = await Promise.all([
    billingStandingOf(db, organizationId),
    usage.monthToDate(organizationId, now),
    usage.hourlyRunRate(organizationId, now),
    liveSubscriptionsOf(db, organizationId),
    openInvoiceTotalsOf(db, organizationId),
    usage.budgetOf(organizationId),
    overdueRenewalsOf(db, organizationId),
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
    openInvoices: open,
    budget,
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
