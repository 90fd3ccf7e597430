import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { creditNotes, invoices } from './schema.ts';

/**
 * The organization's latest invoices as platform operators see them: what was collected, what
 * a void could refund to the card, and the credit note of a voided one.
 */
export async function recentInvoicesOf(db: DbOrTx, organizationId: number, limit: number) {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      issuedAt: invoices.issuedAt,
      total: invoices.totalCents,
      collected: sql<number>`${invoices.creditAppliedCents} + ${invoices.cardChargedCents}`.mapWith(
        Number,
      ),
      // A paid invoice's amount due went to the card on this charge: a void may refund it there.
      cardRefundable:
        sql<number>`case when ${invoices.status} = 'paid' and ${invoices.gatewayChargeId} is not null then ${invoices.cardChargedCents} else 0 end`.mapWith(
          Number,
        ),
      creditNote: creditNotes.number,
    })
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
    .where(inOrganization(invoices, organizationId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit);
  return rows;
}

/** How many of the organization's invoices are open, and what they still ask, in cents. */
export async function openInvoiceTotalsOf(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      cents: sql<string>`coalesce(sum(${invoices.amountDueCents}), 0)`,
    })
    .from(invoices)
    .where(inOrganization(invoices, organizationId, eq(invoices.status, 'open')));
  return { count: Number(row!.count), total: Number(row!.cents) };
}
