import { REOPEN_WINDOW_DAYS, type TicketStatus } from '@alpenkube/contract';
import { conflict } from '../../lib/http-error.ts';

export type TicketActor = 'customer' | 'staff';

/**
 * Where a ticket may go, and who may move it. A reply moves it too (a customer's to `open`,
 * staff's to `awaiting_customer`); these are the explicit changes. A customer reopens a
 * settled ticket only within REOPEN_WINDOW_DAYS of it being settled; staff at any time.
 */
const next: Record<TicketActor, Record<TicketStatus, readonly TicketStatus[]>> = {
  customer: {
    open: ['resolved', 'closed'],
    awaiting_customer: ['resolved', 'closed'],
    resolved: ['open', 'closed'],
    closed: ['open'],
  },
  staff: {
    open: ['awaiting_customer', 'resolved', 'closed'],
    awaiting_customer: ['open', 'resolved', 'closed'],
    resolved: ['open', 'closed'],
    closed: ['open'],
  },
};

const words: Record<TicketStatus, string> = {
  open: 'open',
  awaiting_customer: 'waiting for the customer',
  resolved: 'resolved',
  closed: 'closed',
};

interface TicketState {
  number: string;
  status: TicketStatus;
  resolvedAt: Date | null;
  closedAt: Date | null;
}

/** When the ticket was settled (resolved or closed), or null while it is not. */
function settledAt(ticket: TicketState): Date | null {
  if (ticket.status === 'closed') return ticket.closedAt ?? ticket.resolvedAt;
  if (ticket.status === 'resolved') return ticket.resolvedAt;
  return null;
}

/** Until when a customer may reopen the ticket; null when it is not settled. */
export function reopenUntil(ticket: TicketState): Date | null {
  const at = settledAt(ticket);
  return at ? new Date(at.getTime() + REOPEN_WINDOW_DAYS * 86_400_000) : null;
}

function withinWindow(ticket: TicketState, now: Date) {
  const until = reopenUntil(ticket);
  return until === null || now <= until;
}

/** The statuses `actor` may set now. */
export function nextStatuses(
  ticket: TicketState,
  actor: TicketActor,
  now = new Date(),
): TicketStatus[] {
  return next[actor][ticket.status].filter(
    (to) => !(actor === 'customer' && to === 'open' && !withinWindow(ticket, now)),
  );
}

export function assertTicketTransition(
  ticket: TicketState,
  to: TicketStatus,
  actor: TicketActor,
  now = new Date(),
) {
  const subject = `Ticket ${ticket.number} is ${words[ticket.status]}`;
  if (!next[actor][ticket.status].includes(to)) {
    throw conflict(
      ticket.status === to
        ? `${subject} already.`
        : `${subject}: it cannot become ${words[to]} from there.`,
    );
  }
  if (actor === 'customer' && to === 'open' && !withinWindow(ticket, now)) {
    throw conflict(
      `${subject} since more than ${REOPEN_WINDOW_DAYS} days: it cannot be reopened. Open a new ticket and mention ${ticket.number}.`,
    );
  }
}

/** A customer's reply reopens a resolved ticket (within the window), never a closed one. */
export function assertCustomerCanReply(ticket: TicketState, now = new Date()) {
  if (ticket.status === 'closed') {
    throw conflict(
      `Ticket ${ticket.number} is closed: reopen it first, or open a new one and mention its number.`,
    );
  }
  if (ticket.status === 'resolved') assertTicketTransition(ticket, 'open', 'customer', now);
}

/** Staff answer any ticket that is not closed; a note goes on any ticket. */
export function assertStaffCanReply(ticket: TicketState, internal: boolean) {
  if (!internal && ticket.status === 'closed') {
    throw conflict(`Ticket ${ticket.number} is closed: reopen it before answering.`);
  }
}
