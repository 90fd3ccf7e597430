import {
  REVERSE_CHARGE_NOTE,
  SELLER,
  type Invoice,
  type InvoiceLine,
  type InvoiceSummary,
} from '@alpenkube/contract';
import type { invoiceLines, invoices } from '../../db/schema.ts';
import { fromMilli } from './invoice-totals.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

export function toInvoiceSummary(row: InvoiceRow): InvoiceSummary {
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
export function toInvoice(row: InvoiceRow, lines: InvoiceLineRow[]): Invoice {
  return {
    ...toInvoiceSummary(row),
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
  };
}
