import { and, asc, eq, inArray } from 'drizzle-orm';
import type { QueueTicket, Ticket, TicketSummary } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { clusterBriefOf } from '../clusters/index.ts';
import { productBriefOf } from '../products/index.ts';
import { namesOf } from '../users/index.ts';
import { supportAttachments, supportTicketMessages, supportTickets } from './schema.ts';
import { nextStatuses, reopenUntil, type TicketActor } from './ticket-states.ts';

export type TicketRow = typeof supportTickets.$inferSelect;

/** What a listed ticket shows: not its details, tracking code or who opened it. */
const listed = {
  id: supportTickets.id,
  number: supportTickets.number,
  kind: supportTickets.kind,
  subject: supportTickets.subject,
  category: supportTickets.category,
  severity: supportTickets.severity,
  status: supportTickets.status,
  responseDueAt: supportTickets.responseDueAt,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  email: supportTickets.email,
  organizationId: supportTickets.organizationId,
  assigneeId: supportTickets.assigneeId,
};
type ListedTicket = Pick<TicketRow, keyof typeof listed>;

/** The columns every listing selects: the listed fields (the assignees are named after). */
export const summaryColumns = { ticket: listed };

/** A page of listed tickets with their assignees' names, read in one query for the page. */
export async function withAssignees<Row extends { ticket: ListedTicket }>(
  db: DbOrTx,
  rows: Row[],
): Promise<(Row & { assigneeName: string | null; assigneeUsername: string | null })[]> {
  const names = await namesOf(
    db,
    rows.flatMap((row) => (row.ticket.assigneeId === null ? [] : [row.ticket.assigneeId])),
  );
  return rows.map((row) => {
    const assignee = row.ticket.assigneeId === null ? undefined : names.get(row.ticket.assigneeId);
    return {
      ...row,
      assigneeName: assignee?.name ?? null,
      assigneeUsername: assignee?.username ?? null,
    };
  });
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSummary(row: {
  ticket: ListedTicket;
  assigneeName: string | null;
  assigneeUsername: string | null;
}): TicketSummary {
  const { ticket } = row;
  return {
    id: ticket.id,
    number: ticket.number,
    kind: ticket.kind,
    subject: ticket.subject,
    category: ticket.category,
    severity: ticket.severity,
    status: ticket.status,
    responseDueAt: iso(ticket.responseDueAt),
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    assigneeName: row.assigneeName ?? row.assigneeUsername,
  };
}

export function toQueueTicket(row: {
  ticket: ListedTicket;
  assigneeName: string | null;
  assigneeUsername: string | null;
  organizationName: string | null;
}): QueueTicket {
  return {
    ...toSummary(row),
    email: row.ticket.email,
    organizationName: row.organizationName,
    assigneeId: row.ticket.assigneeId,
    anonymous: row.ticket.organizationId === null,
  };
}

/**
 * A whole ticket as `actor` may see it. For a customer the internal notes are left out by the
 * query itself, so no later change of the mapping can leak one.
 */
export async function loadTicket(
  db: DbOrTx,
  ticket: TicketRow,
  actor: TicketActor,
): Promise<Ticket> {
  const messageFilter =
    actor === 'customer'
      ? and(
          eq(supportTicketMessages.ticketId, ticket.id),
          eq(supportTicketMessages.internal, false),
        )
      : eq(supportTicketMessages.ticketId, ticket.id);
  const messages = await db
    .select()
    .from(supportTicketMessages)
    .where(messageFilter)
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  const files = messages.length
    ? await db
        .select({
          id: supportAttachments.id,
          messageId: supportAttachments.messageId,
          fileName: supportAttachments.fileName,
          contentType: supportAttachments.contentType,
          sizeBytes: supportAttachments.sizeBytes,
        })
        .from(supportAttachments)
        .where(
          inArray(
            supportAttachments.messageId,
            messages.map((m) => m.id),
          ),
        )
        .orderBy(asc(supportAttachments.id))
    : [];
  const assignee = ticket.assigneeId
    ? (await namesOf(db, [ticket.assigneeId])).get(ticket.assigneeId)
    : undefined;
  // A ticket names only its own organization's cluster or product (checked as it is opened).
  const { organizationId } = ticket;
  const cluster =
    ticket.relatedClusterId && organizationId !== null
      ? await clusterBriefOf(db, organizationId, ticket.relatedClusterId)
      : null;
  const product =
    ticket.relatedProductId && organizationId !== null
      ? await productBriefOf(db, organizationId, ticket.relatedProductId)
      : null;
  const until = reopenUntil(ticket);
  return {
    ...toSummary({
      ticket,
      assigneeName: assignee?.name ?? null,
      assigneeUsername: assignee?.username ?? null,
    }),
    email: ticket.email,
    name: ticket.name,
    details: ticket.details ?? null,
    relatedCluster: cluster && { id: cluster.id, name: cluster.name },
    relatedProduct: product ?? null,
    firstResponseAt: iso(ticket.firstResponseAt),
    resolvedAt: iso(ticket.resolvedAt),
    closedAt: iso(ticket.closedAt),
    reopenUntil: iso(until),
    nextStatuses: nextStatuses(ticket, actor),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      authorName: m.authorName,
      internal: m.internal,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      attachments: files
        .filter((f) => f.messageId === m.id)
        .map(({ id, fileName, contentType, sizeBytes }) => ({
          id,
          fileName,
          contentType,
          sizeBytes,
        })),
    })),
  };
}

/** The queue's join: who works on it (whose organization is read for the page at once). */
export const queueColumns = summaryColumns;
