import { eq, max } from 'drizzle-orm';
import { millicentsToCents, usageMetricLabels, usageMetrics } from '@alpenkube/contract';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { invoiceLines, invoiceNumberCounters, invoices } from './schema.ts';
import { dollars } from '../../lib/money.ts';
import { firstRenewalPaidAt, paidRenewalsBetween, readBillingDetails } from '../billing/index.ts';
import { queueInvoiceCharge } from './invoice-charge.ts';
import { billedResourcesOf, clusterNamesOf } from '../clusters/index.ts';
import { firstUnbilledUsageAt, markUsageBilled, unbilledUsageByCluster } from '../usage/index.ts';
import { organizationCreatedAt } from '../organizations/index.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import { firstOrderPaidAt, orderNumber, paidOrdersBetween } from '../orders/index.ts';
import { firstPeriodStart, invoiceNumber, invoiceTotals } from './invoice-totals.ts';
import type { InvoiceRow } from './invoice-view.ts';
import { nextInSeries } from './number-series.ts';

type NewLine = Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'position'>;

/** Where the next invoice of the organization starts; null when nothing was ever billable. */
async function periodStart(tx: Tx, organizationId: number, until: Date): Promise<Date | null> {
  const [last] = await tx
    .select({ end: max(invoices.periodEnd) })
    .from(invoices)
    .where(eq(invoices.organizationId, organizationId));
  if (last?.end) return last.end;
  const createdAt = await organizationCreatedAt(tx, organizationId);
  if (!createdAt) return null;
  const order = await firstOrderPaidAt(tx, organizationId, until);
  const renewal = await firstRenewalPaidAt(tx, organizationId, until);
  const usage = await firstUnbilledUsageAt(tx, organizationId, until);
  const events = [order, renewal, usage].filter((at): at is Date => !!at);
  if (events.length === 0) return null;
  const first = new Date(Math.min(...events.map((at) => at.getTime())));
  return firstPeriodStart(createdAt, first);
}

/** The period's lines: paid orders, paid renewals, then usage by cluster and metric. */
async function periodLines(tx: Tx, organizationId: number, start: Date, until: Date) {
  const paidOrders = await paidOrdersBetween(tx, organizationId, start, until);
  const paidRenewals = await paidRenewalsBetween(tx, organizationId, start, until);
  const groups = await unbilledUsageByCluster(tx, organizationId, until);
  const names = await clusterNamesOf(
    tx,
    groups.map((group) => group.clusterId),
  );
  // Usage of a cluster without a record is not billed: the close then refuses to mark it.
  const usage = groups.flatMap((group) => {
    const clusterName = names.get(group.clusterId);
    return clusterName === undefined ? [] : [{ ...group, clusterName }];
  });
  const metricOrder = (metric: string) => usageMetrics.indexOf(metric as never);
  usage.sort(
    (a, b) =>
      a.clusterName.localeCompare(b.clusterName) ||
      a.clusterId - b.clusterId ||
      metricOrder(a.metric) - metricOrder(b.metric),
  );

  const lines: NewLine[] = [
    ...paidOrders.map((order) => ({
      kind: 'order' as const,
      description: order.description
        ? `Order ${orderNumber(order.id)}: ${order.description}`
        : `Order ${orderNumber(order.id)}`,
      quantityMilli: 1000,
      unit: 'order',
      amountCents: order.amount,
      orderId: order.id,
    })),
    ...paidRenewals.map((renewal) => ({
      kind: 'renewal' as const,
      description: `Renewal: ${renewal.description}`,
      quantityMilli: 1000,
      unit: 'period',
      amountCents: renewal.amount,
      renewalId: renewal.id,
    })),
  ];
  const resources = await billedResourcesOf(
    tx,
    usage.map((group) => group.clusterId),
    start,
    until,
  );
  for (const group of usage) {
    const quantityMilli = Number(group.quantityMilli);
    if (quantityMilli === 0) continue;
    const label = usageMetricLabels[group.metric];
    lines.push({
      kind: 'usage',
      description: `Cluster ${group.clusterName}: ${resources.describe(group.clusterId, group.metric)}`,
      clusterId: group.clusterId,
      metric: group.metric,
      quantityMilli,
      unit: label.unit,
      amountCents: millicentsToCents(Number(group.costMillicents)),
    });
  }
  const usageRecordCount = usage.reduce((sum, group) => sum + Number(group.records), 0);
  return { lines, usageRecordCount };
}

/** Who the invoice is issued to, and its VAT: the billing details as they stand now. */
async function billedTo(tx: Tx, organizationId: number) {
  const details = await readBillingDetails(tx, organizationId);
  return {
    party: {
      name: details.legalName,
      address: details.address,
      country: details.country,
      vatNumber: details.vatNumber,
      email: details.email,
    },
    vat: { treatment: details.vatTreatment, rateBasisPoints: details.vatRateBasisPoints },
  };
}

export type CloseResult = { invoice: InvoiceRow; issued: boolean } | null;

/**
 * Closes an organization's billing period up to `until` (exclusive): one invoice, issued in one
 * transaction with its lines, its number, the usage records it bills and the admins' notice.
 * Answers null when there is nothing to bill. Two closes of the same period (two instances at
 * the month's end) both aim at the invoice's unique (organization, period start): the second
 * one's insert fails, everything it did rolls back (its number too), and it answers the
 * invoice the first one issued, with `issued: false`.
 */
export async function closePeriod(
  db: Db,
  organizationId: number,
  until: Date,
): Promise<CloseResult> {
  let start = null as Date | null;
  try {
    return await db.transaction(async (tx) => {
      start = await periodStart(tx, organizationId, until);
      if (!start || start >= until) return null;
      const { lines, usageRecordCount } = await periodLines(tx, organizationId, start, until);
      if (lines.length === 0) return null;
      const { party, vat } = await billedTo(tx, organizationId);
      const totals = invoiceTotals(
        lines.map((line) => ({ kind: line.kind, amount: line.amountCents })),
        vat.rateBasisPoints,
      );
      const issuedAt = new Date();
      const year = issuedAt.getUTCFullYear();
      const number = invoiceNumber(year, await nextInSeries(tx, invoiceNumberCounters, year));
      const nothingDue = totals.amountDue === 0;
      const [invoice] = await tx
        .insert(invoices)
        .values({
          organizationId,
          number,
          periodStart: start,
          periodEnd: until,
          // Everything was paid during the month: there is nothing left to charge.
          status: nothingDue ? 'paid' : 'open',
          paidAt: nothingDue ? issuedAt : null,
          subtotalCents: totals.subtotal,
          vatTreatment: vat.treatment,
          vatRateBasisPoints: vat.rateBasisPoints,
          taxCents: totals.tax,
          totalCents: totals.total,
          prepaidCents: totals.prepaid,
          amountDueCents: totals.amountDue,
          billedTo: party,
          issuedAt,
        })
        .returning();
      await tx
        .insert(invoiceLines)
        .values(
          lines.map((line, index) => ({ ...line, invoiceId: invoice!.id, position: index + 1 })),
        );
      const marked = await markUsageBilled(tx, organizationId, until, invoice!.id);
      if (marked !== usageRecordCount) {
        // Usage was written for the period while it closed: close it again with all of it.
        throw new Error(`Usage of organization ${organizationId} changed while its month closed`);
      }
      // Charged right after the commit; queued as well, so a crash in between loses nothing.
      if (!nothingDue) await queueInvoiceCharge(tx, invoice!.id);
      const due = nothingDue ? 'nothing due' : `${dollars(totals.amountDue)} due`;
      const message = `Invoice ${number} issued: ${dollars(totals.total)}, ${due}.`;
      await notifyOrganizationAdmins(tx, organizationId, 'info', message, {
        category: 'invoice',
        subject: `Invoice ${number} issued: ${dollars(totals.amountDue)} due`,
        text: [
          message,
          '',
          `Period: ${start.toISOString().slice(0, 10)} to ${until.toISOString().slice(0, 10)}`,
          `Total: ${dollars(totals.total)} (VAT ${dollars(totals.tax)})`,
          `Already paid during the period: ${dollars(totals.prepaid)}`,
          `Amount due: ${dollars(totals.amountDue)}${nothingDue ? '' : ', charged to your credit balance first, then your default card'}`,
          '',
          'Download it from Billing, Invoices.',
        ].join('\n'),
      });
      return { invoice: invoice!, issued: true };
    });
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'invoices_organization_period_key' && start) {
      const [existing] = await db
        .select()
        .from(invoices)
        .where(inOrganization(invoices, organizationId, eq(invoices.periodStart, start)));
      if (existing) return { invoice: existing, issued: false };
    }
    throw error;
  }
}
