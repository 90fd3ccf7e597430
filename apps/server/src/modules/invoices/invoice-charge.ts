import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { invoices } from './schema.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { dollars } from '../../lib/money.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import type { AttemptDraft, ChargeOutcome, ChargeTarget } from '../payments/index.ts';

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
 * Queues the charge of every open invoice whose attempt was left in flight (its card amount
 * written, the outcome never recorded: the gateway could not be reached for longer than its
 * job retried, or the process died) unless a job for it is waiting or running. The job carries
 * the attempt on with its idempotency key: the charge the gateway may have made is found, or
 * the attempt fails and the credit it holds comes back; a void is refused until then. The
 * invoice's row is locked while looking, so two instances queue one job.
 */
export async function queueInterruptedInvoiceCharges(db: Db): Promise<number> {
  const isQueued = sql`exists (
    select 1 from jobs j
    where j.type = ${chargeInvoiceJob.name} and j.status in ('pending', 'running')
      and (j.payload->>'invoiceId')::int = i.id)`;
  const stuck = await db.execute<{ id: number }>(sql`
    select i.id from invoices i
    where i.status = 'open' and i.card_charged_cents > 0 and not ${isQueued}
    order by i.id
    limit 500`);
  let queued = 0;
  for (const { id } of stuck.rows) {
    queued += await db.transaction(async (tx) => {
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
      if (!row || !inFlight(row)) return 0;
      const again = await tx.execute<{ queued: boolean }>(
        sql`select ${isQueued} as queued from invoices i where i.id = ${id}`,
      );
      if (again.rows[0]?.queued) return 0;
      await queueInvoiceCharge(tx, id);
      return 1;
    });
  }
  return queued;
}

/**
 * An open invoice's amount due, as the charge protocol sees it: `invoice-<id>-<attempt>` is
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

  const keyOf = (number: number) => `invoice-${invoiceId}-${number}`;

  return {
    async begin(tx) {
      const row = await lock(tx);
      if (!row) return { kind: 'nothing', outcome: { status: 'skipped' } };
      if (row.status !== 'open') return { kind: 'nothing', outcome: outcomeOf(row) };
      if (inFlight(row)) {
        return {
          kind: 'resume',
          attempt: {
            idempotencyKey: keyOf(row.paymentAttempts),
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

    async started(tx, attempt: AttemptDraft) {
      await tx
        .update(invoices)
        .set({
          paymentAttempts: attempt.number,
          creditAppliedCents: attempt.creditApplied,
          cardChargedCents: attempt.cardAmount,
          paymentMethodId: attempt.paymentMethodId,
        })
        .where(eq(invoices.id, invoiceId));
      return { ...attempt, idempotencyKey: keyOf(attempt.number) };
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
