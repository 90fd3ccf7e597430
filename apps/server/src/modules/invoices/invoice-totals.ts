import { divideRounded, type InvoiceLine } from '@alpenkube/contract';

/** Basis points in a whole: a VAT rate of 2000 is 20%. */
const BASIS = 10_000;

export interface InvoiceTotals {
  subtotal: number;
  tax: number;
  total: number;
  /** What the month's orders and renewals already charged (net of VAT). */
  prepaid: number;
  /** total − prepaid, never below zero: what the invoice charges when issued. */
  amountDue: number;
}

/**
 * An invoice's totals from its lines (integer cents) and its VAT rate: the tax is the subtotal's
 * VAT rounded once, half up; orders and renewals were paid net during the month, so they count
 * as prepaid and the invoice charges the rest, VAT on the whole month included.
 */
export function invoiceTotals(
  lines: readonly Pick<InvoiceLine, 'kind' | 'amount'>[],
  vatRateBasisPoints: number,
): InvoiceTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = divideRounded(subtotal * vatRateBasisPoints, BASIS);
  const total = subtotal + tax;
  const prepaid = lines
    .filter((line) => line.kind !== 'usage')
    .reduce((sum, line) => sum + line.amount, 0);
  return { subtotal, tax, total, prepaid, amountDue: Math.max(0, total - prepaid) };
}

/** `INV-2026-000123`: the year it was issued in and its place in that year, from 1. */
export function invoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) {
    throw new RangeError(`Invoice sequence out of range: ${sequence}`);
  }
  return `INV-${year}-${String(sequence).padStart(6, '0')}`;
}

/** Midnight UTC of the first day of `date`'s month. */
export function startOfUtcMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/**
 * Where an organization's first invoice starts: the start of the month of its first billable
 * event, or its creation if that came later, but never after the event itself (an event
 * recorded as earlier than the organization, as imported data may be, is still billed).
 */
export function firstPeriodStart(organizationCreatedAt: Date, firstEvent: Date): Date {
  const monthStart = startOfUtcMonth(firstEvent);
  const start = organizationCreatedAt > monthStart ? organizationCreatedAt : monthStart;
  return start > firstEvent ? firstEvent : start;
}

/** Thousandths of a unit as a number with at most three decimals. */
export const fromMilli = (milli: number) => milli / 1000;
