import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { CreditNote } from '@alpenkube/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { creditNoteNumberCounters, creditNotes, invoices } from './schema.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { dollars } from '../../lib/money.ts';
import { moveCredit } from '../credits/index.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import { RefundRefusedError, type PaymentGateway } from '../payments/index.ts';
import type { InvoiceRow } from './invoice-view.ts';
import { nextInSeries } from './number-series.ts';

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** Refunds a credit note's card part on the invoice's original charge, until the gateway answers. */
export const creditNoteRefundJob = defineJob(
  'invoices.credit-note-refund',
  z.object({ creditNoteId: z.number().int().positive() }),
);

/** `CN-2026-000001`: the year it was issued in and its place in that year, from 1. */
export function creditNoteNumber(year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) {
    throw new RangeError(`Credit note sequence out of range: ${sequence}`);
  }
  return `CN-${year}-${String(sequence).padStart(6, '0')}`;
}

export function toCreditNote(row: CreditNoteRow, invoiceNumber: string): CreditNote {
  return {
    id: row.id,
    number: row.number,
    invoiceId: row.invoiceId,
    invoiceNumber,
    issuedAt: row.issuedAt.toISOString(),
    reason: row.reason,
    currency: 'USD',
    subtotal: row.subtotalCents,
    tax: row.taxCents,
    total: row.totalCents,
    refundTo: row.refundTo,
    credit: row.creditCents,
    cardRefund: row.cardRefundCents,
    cardRefundStatus: row.cardRefundStatus,
  };
}

export async function creditNoteOf(db: DbOrTx, invoiceId: number) {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId));
  return row ?? null;
}

/** What of a paid invoice can go back to the card: its amount due, charged on one charge. */
export const cardRefundable = (invoice: InvoiceRow) =>
  invoice.status === 'paid' && invoice.gatewayChargeId ? invoice.cardChargedCents : 0;

/**
 * What paying the invoice took: its credit applied and its card charge. The part of its total
 * prepaid with orders and renewals was taken by those, which stand after the void.
 */
export const invoiceCollected = (invoice: InvoiceRow) =>
  invoice.creditAppliedCents + invoice.cardChargedCents;

/**
 * The credit note of a paid invoice being voided, in the void's transaction: its number, the
 * invoice's amounts cancelled, and every cent the invoice collected back: to the credit balance,
 * or, when the operator chose the card and the invoice was charged to one, that part refunded on
 * the original charge (a job asks the gateway, after the commit) and the rest as credit.
 */
export async function issueCreditNote(
  tx: Tx,
  invoice: InvoiceRow,
  input: { reason: string; refundTo: 'credit' | 'card'; issuedBy: number; now: Date },
): Promise<CreditNoteRow> {
  const collected = invoiceCollected(invoice);
  const card = input.refundTo === 'card' ? Math.min(cardRefundable(invoice), collected) : 0;
  const credit = collected - card;
  const year = input.now.getUTCFullYear();
  const number = creditNoteNumber(year, await nextInSeries(tx, creditNoteNumberCounters, year));
  const [note] = await tx
    .insert(creditNotes)
    .values({
      organizationId: invoice.organizationId,
      invoiceId: invoice.id,
      number,
      issuedAt: input.now,
      reason: input.reason,
      subtotalCents: invoice.subtotalCents,
      taxCents: invoice.taxCents,
      totalCents: invoice.totalCents,
      refundTo: card > 0 ? 'card' : 'credit',
      creditCents: credit,
      cardRefundCents: card,
      cardRefundStatus: card > 0 ? 'pending' : null,
      issuedBy: input.issuedBy,
    })
    .returning();
  await moveCredit(tx, {
    organizationId: invoice.organizationId,
    kind: 'refund',
    amountCents: credit,
    description: `Credit note ${number} for invoice ${invoice.number}`,
    invoiceId: invoice.id,
  });
  if (card > 0) await enqueueJob(tx, creditNoteRefundJob, { creditNoteId: note!.id });
  return note!;
}

/** Where a credit note's money went, in the words of the void's notice. */
export const givenBackWords = (note: CreditNoteRow) =>
  [
    note.creditCents > 0 ? `${dollars(note.creditCents)} back as credit` : null,
    note.cardRefundCents > 0 ? `${dollars(note.cardRefundCents)} refunded to your card` : null,
  ]
    .filter(Boolean)
    .join(' and ') || 'nothing to give back';

/**
 * Asks the gateway for a credit note's card refund: a refund on the invoice's charge with the
 * key `credit-note-<id>`, so asking again (a retry, a second instance) refunds once. Refunded:
 * recorded. Refused by the gateway for good: the amount goes to the credit balance instead, and
 * the admins are told. No answer: thrown, and the job tries again.
 */
export async function refundCreditNote(db: Db, gateway: PaymentGateway, creditNoteId: number) {
  const [found] = await db
    .select({ note: creditNotes, chargeId: invoices.gatewayChargeId })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.id, creditNoteId));
  if (!found || found.note.cardRefundStatus !== 'pending') return;
  const { note } = found;
  let outcome: { refundId: string } | { refused: string };
  try {
    const refund = await gateway.refund({
      chargeId: found.chargeId ?? '',
      amountCents: note.cardRefundCents,
      idempotencyKey: `credit-note-${note.id}`,
    });
    outcome = { refundId: refund.id };
  } catch (error) {
    // Only the gateway's definite no moves the money to the credit balance; no answer (or a
    // refund of the same key still being made elsewhere) is asked again by the job.
    if (!(error instanceof RefundRefusedError)) throw error;
    outcome = { refused: error.message };
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.id, note.id))
      .for('update');
    if (locked?.cardRefundStatus !== 'pending') return;
    if ('refundId' in outcome) {
      await tx
        .update(creditNotes)
        .set({ cardRefundStatus: 'refunded', gatewayRefundId: outcome.refundId })
        .where(eq(creditNotes.id, note.id));
      return;
    }
    await tx
      .update(creditNotes)
      .set({ cardRefundStatus: 'credited' })
      .where(eq(creditNotes.id, note.id));
    await moveCredit(tx, {
      organizationId: note.organizationId,
      kind: 'refund',
      amountCents: note.cardRefundCents,
      description: `Credit note ${note.number}: the card refund was refused, credited instead`,
      invoiceId: note.invoiceId,
    });
    await notifyOrganizationAdmins(
      tx,
      note.organizationId,
      'warning',
      `Credit note ${note.number}: ${dollars(note.cardRefundCents)} could not be refunded to your card (${outcome.refused}) and was added to your credit balance instead.`,
    );
  });
}
