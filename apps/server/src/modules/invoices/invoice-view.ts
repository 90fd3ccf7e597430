import {
  REVERSE_CHARGE_NOTE,
  SELLER,
  type CreditNote,
  type Invoice,
  type InvoiceLine,
  type InvoiceSummary,
} from '@alpenkube/contract';
import type { invoiceLines, invoices } from './schema.ts';
import { fromMilli } from './invoice-totals.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** A summary names the credit note its void gave, if any. */
export function toInvoiceSummary(
  row: InvoiceRow,
  creditNote: { id: number; number: string } | null = null,
): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    status: row.status,
    currency: 'USD',
    subtotal: row.subtotalCents,
    tax: row.taxCents,
    total: row.totalCents,
    prepaid: row.prepaidCents,
    amountDue: row.amountDueCents,
    creditNote: creditNote ? { id: creditNote.id, number: creditNote.number } : null,
  };
}

export function toInvoiceLine(row: InvoiceLineRow): InvoiceLine {
  return {
    kind: row.kind,
    description: row.description,
    clusterId: row.clusterId,
    metric: row.metric,
    quantity: fromMilli(row.quantityMilli),
    unit: row.unit,
    amount: row.amountCents,
  };
}

/** The whole invoice as issued: its snapshot, with only its payment fields moving since. */
export function toInvoice(
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  creditNote: CreditNote | null = null,
): Invoice {
  return {
    ...toInvoiceSummary(row, creditNote),
    lines: [...lines].sort((a, b) => a.position - b.position).map(toInvoiceLine),
    vatRateBasisPoints: row.vatRateBasisPoints,
    vatTreatment: row.vatTreatment,
    taxNote: row.vatTreatment === 'reverse_charge' ? REVERSE_CHARGE_NOTE : null,
    seller: {
      name: SELLER.name,
      address: SELLER.address,
      country: SELLER.country,
      vatNumber: SELLER.vatNumber,
      email: SELLER.email,
    },
    billedTo: row.billedTo,
    paidAt: row.paidAt?.toISOString() ?? null,
    creditApplied: row.creditAppliedCents,
    cardCharged: row.cardChargedCents,
    paymentError: row.status === 'open' ? row.paymentError : null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    creditNote,
  };
}
