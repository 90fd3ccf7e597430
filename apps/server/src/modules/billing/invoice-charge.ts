import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { dollars } from '../../lib/money.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import type { Attempt, ChargeOutcome, ChargeTarget } from './off-session-charge.ts';

export const chargeInvoiceJob = defineJob(
  'billing.charge-invoice',
  z.object({ invoiceId: z.number().int().positive() }),
);

/**
 * Queues the charge of an invoice's amount due in the caller's transaction (the one that issues
 * it, say): it exists exactly when the invoice does, and runs once the transaction commits.
 */
export async function queueInvoiceCharge(tx: DbOrTx, invoiceId: number): Promise<void> {
  await enqueueJob(tx, chargeInvoiceJob, { invoiceId });
}

type InvoiceRow = typeof invoices.$inferSelect;

/** An attempt is in flight while an open invoice has a card amount and no payment yet. */
const inFlight = (row: InvoiceRow) => row.status === 'open' && row.cardChargedCents > 0;

const outcomeOf = (row: InvoiceRow): ChargeOutcome =>
  row.status === 'paid'
    ? { status: 'paid' }
    : row.status === 'open' && row.paymentError
      ? { status: 'failed', reason: row.paymentError }
      : { status: 'skipped' };

/**
 * An open invoice's amount due, as the off-session charge sees it: `invoice-<id>-<attempt>` is
 * the idempotency key; the attempt in flight is the card amount written on the invoice
 * (`card_charged_cents`) before the gateway is asked, cleared again if it fails.
 */
export function invoiceTarget(invoiceId: number): ChargeTarget {
  let number = '';
  let organizationId = 0;
  const lock = async (tx: Tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (row) {
      number = row.number;
      organizationId = row.organizationId;
    }
    return row;
  };
  const ledger = () => ({ organizationId, what: `invoice ${number}`, invoiceId });

  return {
    key: `invoice-${invoiceId}`,

    async begin(tx) {
      const row = await lock(tx);
      if (!row) return { kind: 'nothing', outcome: { status: 'skipped' } };
      if (row.status !== 'open') return { kind: 'nothing', outcome: outcomeOf(row) };
      if (inFlight(row)) {
        return {
          kind: 'resume',
          attempt: {
            number: row.paymentAttempts,
            creditApplied: row.creditAppliedCents,
            cardAmount: row.cardChargedCents,
            paymentMethodId: row.paymentMethodId,
          },
          ledger: ledger(),
        };
      }
      return {
        kind: 'new',
        amountCents: row.amountDueCents,
        attempts: row.paymentAttempts,
        ledger: ledger(),
      };
    },

    async started(tx, attempt: Attempt) {
      await tx
        .update(invoices)
        .set({
          paymentAttempts: attempt.number,
          creditAppliedCents: attempt.creditApplied,
          cardChargedCents: attempt.cardAmount,
          paymentMethodId: attempt.paymentMethodId,
        })
        .where(eq(invoices.id, invoiceId));
    },

    async settling(tx, attempt) {
      const row = await lock(tx);
      if (!row) return { status: 'skipped' };
      if (inFlight(row) && row.paymentAttempts === attempt.number) return null;
      return outcomeOf(row);
    },

    async succeeded(tx, attempt, gatewayChargeId) {
      await tx
        .update(invoices)
        .set({
          status: 'paid',
          paidAt: new Date(),
          paymentAttempts: attempt.number,
          creditAppliedCents: attempt.creditApplied,
          cardChargedCents: attempt.cardAmount,
          paymentMethodId: attempt.paymentMethodId,
          gatewayChargeId,
          paymentError: null,
        })
        .where(eq(invoices.id, invoiceId));
    },

    async failed(tx, attempt, reason) {
      const [row] = await tx
        .update(invoices)
        .set({
          paymentAttempts: attempt.number,
          creditAppliedCents: 0,
          cardChargedCents: 0,
          paymentError: reason,
        })
        .where(eq(invoices.id, invoiceId))
        .returning();
      const message = `Invoice ${row!.number} (${dollars(row!.amountDueCents)} due) could not be charged: ${reason}`;
      await notifyOrganizationAdmins(tx, row!.organizationId, 'error', message, {
        subject: `Payment of invoice ${row!.number} failed`,
        text: `${message}\n\nIt stays open until it is paid: pay it from Billing.`,
      });
    },
  };
}
