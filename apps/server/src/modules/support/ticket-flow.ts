import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Catalog, TicketSeverity, TicketStatus } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { idsWithRole } from '../users/index.ts';
import { supportAttachments, supportTicketMessages, supportTickets } from './schema.ts';
import { badRequest } from '../../lib/http-error.ts';
import { createNotification } from '../notifications/index.ts';
import { publishPush } from '../realtime/index.ts';
import type { ReceivedFile } from './attachments.ts';

type TicketRow = typeof supportTickets.$inferSelect;

/** Visitors without an account get the free plan's targets, which have no urgent one. */
export const ANONYMOUS_PLAN = 'basic';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Two groups of four unambiguous characters: 32^8 codes, and only valid with the e-mail. */
export function newTrackingCode(): string {
  const chars = [...crypto.randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

export const ticketNumber = (id: number) => `T-${100000 + id}`;

/**
 * When the team's answer is due for a ticket of this severity under this plan. A severity the
 * plan does not cover (high on the free plan) gets the plan's normal target; urgent without a
 * target is refused before this (`assertSeverityAllowed`).
 */
export function responseDue(
  catalog: Catalog,
  planSlug: string,
  severity: TicketSeverity,
  from = new Date(),
): Date {
  const plan =
    catalog.supportPlans.find((p) => p.slug === planSlug) ??
    catalog.supportPlans.find((p) => p.slug === ANONYMOUS_PLAN);
  const minutes = plan ? (plan.responseMinutes[severity] ?? plan.responseMinutes.normal) : 1440;
  return new Date(from.getTime() + minutes * 60_000);
}

/**
 * Of two plans, the one that answers sooner: the catalog lists plans from the least to the most
 * support, so the later one. An unknown slug never wins.
 */
export function betterPlan(catalog: Catalog, planSlug: string, other: string | null): string {
  if (other === null) return planSlug;
  const rank = (slug: string) => catalog.supportPlans.findIndex((plan) => plan.slug === slug);
  return rank(other) > rank(planSlug) ? other : planSlug;
}

/** Urgent is only for plans with an urgent response target; the refusal names the plan. */
export function assertSeverityAllowed(
  catalog: Catalog,
  planSlug: string | null,
  severity: TicketSeverity,
) {
  if (severity !== 'urgent') return;
  const plan = catalog.supportPlans.find((p) => p.slug === (planSlug ?? ANONYMOUS_PLAN));
  if (plan?.responseMinutes.urgent != null) return;
  throw badRequest(
    planSlug
      ? `severity: Urgent needs a support plan with an urgent response target; your organization's plan is ${plan?.name ?? planSlug}. Choose high, or change plan on the billing page.`
      : 'severity: Urgent is for customers whose support plan has an urgent target; sign in, or choose high.',
  );
}

/** Inserts a ticket with its tracking code and its T- number (from its id). */
export async function insertTicket(
  tx: Tx,
  values: Omit<typeof supportTickets.$inferInsert, 'number' | 'trackingCode'>,
): Promise<{ id: number; number: string; trackingCode: string }> {
  const trackingCode = newTrackingCode();
  const [row] = await tx
    .insert(supportTickets)
    .values({ ...values, number: `pending-${trackingCode}`, trackingCode })
    .returning({ id: supportTickets.id });
  const number = ticketNumber(row!.id);
  await tx.update(supportTickets).set({ number }).where(eq(supportTickets.id, row!.id));
  return { id: row!.id, number, trackingCode };
}

/**
 * A message and its files' rows, in the caller's transaction: never one without the other. The
 * files are already in the file store; whoever wrote them deletes them if this rolls back.
 */
export async function insertMessage(
  tx: Tx,
  message: {
    ticketId: number;
    author: 'customer' | 'support';
    authorName: string | null;
    authorUserId: number | null;
    internal?: boolean;
    body: string;
  },
  files: ReceivedFile[] = [],
): Promise<number> {
  const [row] = await tx
    .insert(supportTicketMessages)
    .values({ ...message, internal: message.internal ?? false })
    .returning({ id: supportTicketMessages.id });
  if (files.length) {
    const [ticket] = await tx
      .select({ organizationId: supportTickets.organizationId })
      .from(supportTickets)
      .where(eq(supportTickets.id, message.ticketId));
    await tx.insert(supportAttachments).values(
      files.map((file) => ({
        ticketId: message.ticketId,
        messageId: row!.id,
        // The customer organization's quota holds its own people's files, not the team's answers.
        organizationId: message.author === 'customer' ? (ticket?.organizationId ?? null) : null,
        uploadedByUserId: message.authorUserId,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
        storageKey: file.storageKey,
      })),
    );
  }
  return row!.id;
}

/**
 * Tells the open pages that a ticket changed, once the transaction commits: the staff always,
 * the organization's members unless only an internal note was added.
 */
export async function announceTicket(
  tx: DbOrTx,
  ticket: Pick<TicketRow, 'id' | 'organizationId'>,
  status: TicketStatus,
  options: { internal?: boolean } = {},
) {
  const message = { type: 'ticket' as const, ticketId: ticket.id, status };
  if (ticket.organizationId !== null && !options.internal) {
    await publishPush(tx, { organizationId: ticket.organizationId }, message);
  }
  for (const id of await idsWithRole(tx, 'super_admin'))
    await publishPush(tx, { userId: id }, message);
}

/** A customer answered: back in the team's queue with a new target, and its assignee told. */
export async function customerReplied(
  tx: Tx,
  ticket: TicketRow,
  catalog: Catalog,
  planSlug: string,
) {
  const now = new Date();
  await tx
    .update(supportTickets)
    .set({
      status: 'open',
      responseDueAt: responseDue(catalog, planSlug, ticket.severity, now),
      resolvedAt: null,
      closedAt: null,
      updatedAt: now,
    })
    .where(eq(supportTickets.id, ticket.id));
  if (ticket.assigneeId !== null) {
    await createNotification(
      tx,
      ticket.assigneeId,
      'info',
      `The customer answered ticket ${ticket.number}.`,
    );
  }
  await announceTicket(tx, ticket, 'open');
}
