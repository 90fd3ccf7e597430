import { asc, desc, eq } from 'drizzle-orm';
import type { Invoice, InvoiceSummary } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { organizationExists } from '../organizations/index.ts';
import { creditNotes, invoiceLines, invoices } from './schema.ts';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { dollars } from '../../lib/money.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { UsageService } from '../usage/index.ts';
import { charge, type ChargeOutcome, type PaymentGateway } from '../payments/index.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import { recordAudit } from '../audit/index.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import type { RateLimitRule } from '../rate-limit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { closePeriod } from './invoice-close.ts';
import {
  chargeInvoiceJob,
  invoiceTarget,
  queueInterruptedInvoiceCharges,
} from './invoice-charge.ts';
import {
  creditNoteOf,
  creditNoteRefundJob,
  givenBackWords,
  issueCreditNote,
  refundCreditNote,
  toCreditNote,
} from './credit-notes.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf.ts';
import { toInvoice, toInvoiceSummary, type InvoiceRow } from './invoice-view.ts';
import { registerMonthClose } from './month-close.ts';
import { createUsageCsvFiles } from './usage-csv-file.ts';

/** Usage CSV downloads an organization may ask for in a minute, across every instance. */
const USAGE_CSV_PER_MINUTE = 30;
const usageCsvRule: RateLimitRule = {
  bucket: 'invoice-usage-csv',
  limit: USAGE_CSV_PER_MINUTE,
  windowMs: 60_000,
  message: 'Too many usage downloads for your organization: try again in {minutes} minute.',
};

/** How often each instance looks for invoice charges left in flight. */
export const INVOICE_CHARGE_CHORE_MS = 60_000;

type Deps = Pick<Infrastructure, 'db' | 'jobs' | 'config' | 'fileStore'> & {
  usage: UsageService;
  rateLimit: RateLimiter;
  paymentGateway: PaymentGateway;
};

export function createInvoiceService(deps: Deps) {
  const { db, rateLimit } = deps;
  const usageCsvFiles = createUsageCsvFiles(db, deps.fileStore);
  const { usage } = deps;

  /**
   * Charges an open invoice's amount due off-session: credit first, then the default card
   * (`invoice-<id>-<attempt>`). Paid or void: nothing; nothing due: marked paid. A failure
   * leaves it open with `payment_error` and tells the admins. Safe to call twice at once.
   */
  async function chargeInvoice(invoiceId: number): Promise<ChargeOutcome> {
    return charge(db, deps.paymentGateway, invoiceTarget(invoiceId), { session: 'off' });
  }

  /** The chore: carries on the invoice charges left in flight (see queueInterruptedInvoiceCharges). */
  async function runInvoiceCharges(): Promise<number> {
    return queueInterruptedInvoiceCharges(db);
  }

  deps.jobs.register(chargeInvoiceJob, async ({ invoiceId }) => {
    await chargeInvoice(invoiceId);
  });
  deps.jobs.every(INVOICE_CHARGE_CHORE_MS, 'charge invoices left in flight', async () => {
    await runInvoiceCharges();
  });

  async function load(tx: DbOrTx, organizationId: number | null, invoiceId: number) {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(
        organizationId === null
          ? eq(invoices.id, invoiceId)
          : inOrganization(invoices, organizationId, eq(invoices.id, invoiceId)),
      );
    if (!row) throw notFound('Invoice not found');
    return row;
  }

  async function view(row: InvoiceRow, tx: DbOrTx = db): Promise<Invoice> {
    const lines = await tx
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, row.id))
      .orderBy(asc(invoiceLines.position));
    const note = await creditNoteOf(tx, row.id);
    return toInvoice(row, lines, note ? toCreditNote(note, row.number) : null);
  }

  async function meter(organizationId: number, until: Date) {
    await usage.meterOrganization(organizationId, until);
  }

  /**
   * Issues the organization's invoice for everything up to `until` not yet invoiced, then
   * charges its amount due (after the commit: the gateway is never called inside a
   * transaction). Null when there is nothing to bill. Meter first: only recorded usage is billed.
   */
  async function closeMonth(organizationId: number, until: Date): Promise<Invoice | null> {
    const closed = await closePeriod(db, organizationId, until);
    if (!closed) return null;
    if (closed.issued && closed.invoice.status === 'open') {
      try {
        await chargeInvoice(closed.invoice.id);
      } catch {
        // The charge queued with the invoice tries again; a refusal is on the invoice.
      }
    }
    return view(await load(db, organizationId, closed.invoice.id));
  }

  const service = {
    closeMonth,
    chargeInvoice,
    runInvoiceCharges,

    async list(organizationId: number): Promise<InvoiceSummary[]> {
      const rows = await db
        .select({ invoice: invoices, note: { id: creditNotes.id, number: creditNotes.number } })
        .from(invoices)
        .leftJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
        .where(eq(invoices.organizationId, organizationId))
        .orderBy(desc(invoices.periodStart), desc(invoices.id));
      return rows.map((row) => toInvoiceSummary(row.invoice, row.note));
    },

    async get(organizationId: number, invoiceId: number): Promise<Invoice> {
      return view(await load(db, organizationId, invoiceId));
    },

    /** The invoice as a PDF, built from the stored invoice each time. */
    async pdf(organizationId: number, invoiceId: number) {
      const invoice = await service.get(organizationId, invoiceId);
      return { filename: `${invoice.number}.pdf`, body: await renderInvoicePdf(invoice) };
    },

    /** The credit note as a PDF, built from the stored credit note and its invoice each time. */
    async creditNotePdf(organizationId: number, creditNoteId: number) {
      const [note] = await db
        .select()
        .from(creditNotes)
        .where(inOrganization(creditNotes, organizationId, eq(creditNotes.id, creditNoteId)));
      if (!note) throw notFound('Credit note not found');
      const invoice = await service.get(organizationId, note.invoiceId);
      return {
        filename: `${note.number}.pdf`,
        body: await renderCreditNotePdf(toCreditNote(note, invoice.number), invoice),
      };
    },

    /**
     * The usage records the invoice billed, one row per cluster, metric and hour: written to the
     * file store once and read from there. At most `USAGE_CSV_PER_MINUTE` per organization.
     */
    async usageCsv(organizationId: number, invoiceId: number) {
      await rateLimit.check(usageCsvRule, [`organization:${organizationId}`]);
      await rateLimit.record(usageCsvRule, [`organization:${organizationId}`]);
      const row = await load(db, organizationId, invoiceId);
      return {
        filename: `${row.number}-usage.csv`,
        etag: await usageCsvFiles.etag(row),
        open: () => usageCsvFiles.open(row),
      };
    },

    /** Charges an open invoice's amount due again; 402 with the reason when it fails. */
    async pay(actor: SessionUser, invoiceId: number, client: ClientInfo): Promise<Invoice> {
      const before = await load(db, actor.organizationId, invoiceId);
      if (before.status !== 'open') {
        throw conflict(
          `Invoice ${before.number} is ${before.status}: only an open invoice is paid.`,
        );
      }
      await chargeInvoice(invoiceId);
      const after = await load(db, actor.organizationId, invoiceId);
      const failed = after.status === 'open' ? (after.paymentError ?? 'The payment failed.') : null;
      await recordAudit(db, {
        action: 'invoice.pay',
        outcome: failed ? 'failure' : 'success',
        actorUserId: actor.id,
        organizationId: actor.organizationId,
        targetType: 'invoice',
        targetId: invoiceId,
        ip: client.ip,
        userAgent: client.userAgent,
        details: failed ? { number: after.number, reason: failed } : { number: after.number },
      });
      if (failed) throw new HttpError(402, failed);
      return view(after);
    },

    /**
     * A platform operator voids an open or paid invoice of any organization, saying why: its
     * lines and totals stay as issued, readable and downloadable, marked void.
     */
    async void(
      actor: SessionUser,
      invoiceId: number,
      input: { reason: string; refundTo?: 'credit' | 'card' },
      client: ClientInfo,
    ): Promise<Invoice> {
      const { reason } = input;
      const voided = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(invoices)
          .where(eq(invoices.id, invoiceId))
          .for('update');
        if (!row) throw notFound('Invoice not found');
        if (row.status === 'void') throw conflict(`Invoice ${row.number} is already void.`);
        if (row.status === 'open' && (row.cardChargedCents > 0 || row.creditAppliedCents > 0)) {
          // A charge is between the gateway and its record: void once it has settled.
          throw conflict(`A payment of invoice ${row.number} is under way: try again in a minute.`);
        }
        const now = new Date();
        const [after] = await tx
          .update(invoices)
          .set({ status: 'void', voidedAt: now, voidReason: reason, voidedBy: actor.id })
          .where(eq(invoices.id, invoiceId))
          .returning();
        // What a paid invoice took comes back through a credit note; the invoice stays as issued.
        const note =
          row.status === 'paid'
            ? await issueCreditNote(tx, row, {
                reason,
                refundTo: input.refundTo ?? 'credit',
                issuedBy: actor.id,
                now,
              })
            : null;
        await recordAudit(tx, {
          action: 'invoice.void',
          outcome: 'success',
          actorUserId: actor.id,
          organizationId: row.organizationId,
          targetType: 'invoice',
          targetId: invoiceId,
          ip: client.ip,
          userAgent: client.userAgent,
          details: {
            number: row.number,
            previousStatus: row.status,
            ...(note
              ? {
                  creditNote: note.number,
                  credit: note.creditCents,
                  cardRefund: note.cardRefundCents,
                }
              : {}),
          },
        });
        const message = note
          ? `Invoice ${row.number} (${dollars(row.totalCents)}) was voided: ${reason.replace(/\.$/, '')}. Credit note ${note.number} gives back what it collected: ${givenBackWords(note)}.`
          : `Invoice ${row.number} (${dollars(row.totalCents)}) was voided: ${reason}`;
        await notifyOrganizationAdmins(tx, row.organizationId, 'warning', message, {
          category: 'invoice',
          subject: `Invoice ${row.number} was voided`,
          text: `${message}\n\nIt stays in Billing, Invoices, marked void${note ? ', with its credit note' : ''}.`,
        });
        return { row: after!, note };
      });
      if (voided.note?.cardRefundStatus === 'pending') {
        // At once after the commit; the job queued with the credit note asks again if this fails.
        await refundCreditNote(db, deps.paymentGateway, voided.note.id).catch(() => undefined);
      }
      return view(voided.row);
    },

    /**
     * Development: meters and closes the month up to now, for the caller's organization or,
     * for a platform operator, any organization.
     */
    async closeToNow(actor: SessionUser, organizationId = actor.organizationId) {
      if (organizationId !== actor.organizationId && actor.role !== 'super_admin') {
        throw forbidden("Only a platform operator closes another organization's month");
      }
      if (!(await organizationExists(db, organizationId))) throw notFound('Organization not found');
      const now = new Date();
      await meter(organizationId, now);
      const invoice = await closeMonth(organizationId, now);
      return { invoices: invoice ? [toSummary(invoice)] : [] };
    },
  };

  deps.jobs.register(creditNoteRefundJob, async ({ creditNoteId }) => {
    await refundCreditNote(db, deps.paymentGateway, creditNoteId);
  });

  const monthClose = registerMonthClose(deps.jobs, {
    db,
    meter,
    closeMonth,
  });
  return { ...service, closeDueMonths: monthClose.closeDueMonths };
}

const toSummary = (invoice: Invoice): InvoiceSummary => ({
  id: invoice.id,
  number: invoice.number,
  periodStart: invoice.periodStart,
  periodEnd: invoice.periodEnd,
  issuedAt: invoice.issuedAt,
  status: invoice.status,
  currency: invoice.currency,
  subtotal: invoice.subtotal,
  tax: invoice.tax,
  total: invoice.total,
  prepaid: invoice.prepaid,
  amountDue: invoice.amountDue,
  creditNote: invoice.creditNote
    ? { id: invoice.creditNote.id, number: invoice.creditNote.number }
    : null,
});

export type InvoiceService = ReturnType<typeof createInvoiceService>;
