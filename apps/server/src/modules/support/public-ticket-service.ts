import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PublicTicket } from '@alpenkube/contract';
import { supportTicketMessages, supportTickets } from './schema.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { MailThrottle } from '../mail/index.ts';
import type { CatalogService } from '../platform/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { queueMail } from '../mail/index.ts';
import {
  ANONYMOUS_PLAN,
  announceTicket,
  assertSeverityAllowed,
  customerReplied,
  insertMessage,
  insertTicket,
  responseDue,
} from './ticket-flow.ts';
import { assertCustomerCanReply } from './ticket-states.ts';

const NOT_FOUND = 'No ticket matches this tracking code and e-mail address.';

type TicketRow = typeof supportTickets.$inferSelect;

export interface NewTicket {
  email: string;
  name?: string;
  category: TicketRow['category'];
  severity: TicketRow['severity'];
  subject: string;
  message: string;
}

/** Tickets opened without an account: a tracking code and the e-mail open them. */
export function createPublicTicketService(
  deps: Pick<Infrastructure, 'db' | 'config'> & {
    mailThrottle: MailThrottle;
    catalog: CatalogService;
  },
) {
  const { db, mailThrottle } = deps;
  const { publicUrl } = deps.config;
  const catalogNow = async () => (await deps.catalog.catalog()).value;
  async function load(ticket: TicketRow): Promise<PublicTicket> {
    const messages = await db
      .select()
      .from(supportTicketMessages)
      // Staff notes stay with staff: whoever holds the code reads only the conversation.
      .where(
        and(
          eq(supportTicketMessages.ticketId, ticket.id),
          eq(supportTicketMessages.internal, false),
        ),
      )
      .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
    return {
      number: ticket.number,
      subject: ticket.subject,
      category: ticket.category,
      severity: ticket.severity,
      status: ticket.status,
      createdAt: ticket.createdAt.toISOString(),
      messages: messages.map((m) => ({
        id: m.id,
        author: m.author,
        ...(m.authorName ? { authorName: m.authorName } : {}),
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }

  async function find(code: string, email: string) {
    const [ticket] = await db
      .select()
      .from(supportTickets)
      .where(
        and(
          eq(supportTickets.trackingCode, code),
          eq(supportTickets.email, email),
          // A member's ticket is read signed in, where staff notes and files are filtered.
          isNull(supportTickets.organizationId),
        ),
      );
    if (!ticket) throw new HttpError(404, NOT_FOUND);
    return ticket;
  }

  return {
    async open(input: NewTicket, ip: string | null) {
      const catalog = await catalogNow();
      assertSeverityAllowed(catalog, null, input.severity);
      await mailThrottle.admit([input.email], ip);
      return db.transaction(async (tx) => {
        const { id, number, trackingCode } = await insertTicket(tx, {
          email: input.email,
          name: input.name || null,
          category: input.category,
          severity: input.severity,
          subject: input.subject,
          responseDueAt: responseDue(catalog, ANONYMOUS_PLAN, input.severity),
        });
        await insertMessage(tx, {
          ticketId: id,
          author: 'customer',
          authorName: input.name || null,
          authorUserId: null,
          body: input.message,
        });
        await announceTicket(tx, { id, organizationId: null }, 'open');
        // Anyone can type any address here: the mail holds no text the sender chose (neither
        // the subject nor the name), so it cannot carry their message to a stranger.
        await queueMail(tx, {
          to: input.email,
          subject: `Alpenkube ticket ${number}`,
          text:
            `Hello,\n\nWe received your ${input.category} ticket ${number} ` +
            `(severity: ${input.severity}). Your tracking code is ${trackingCode}.\n\n` +
            `Follow it and reply here, with this e-mail address:\n${publicUrl}/track-ticket?code=${trackingCode}\n\n` +
            'If you did not open a ticket with Alpenkube, ignore this mail.\n\nThe Alpenkube support team',
        });
        return { number, trackingCode };
      });
    },

    lookup: async (code: string, email: string) => load(await find(code, email)),

    async reply(code: string, email: string, message: string) {
      const ticket = await find(code, email);
      assertCustomerCanReply(ticket);
      const catalog = await catalogNow();
      await db.transaction(async (tx) => {
        await insertMessage(tx, {
          ticketId: ticket.id,
          author: 'customer',
          authorName: ticket.name,
          authorUserId: null,
          body: message,
        });
        // A customer's answer puts the ticket back in the team's queue.
        await customerReplied(tx, ticket, catalog, ANONYMOUS_PLAN);
      });
      return load({ ...ticket, status: 'open' });
    },
  };
}
export type PublicTicketService = ReturnType<typeof createPublicTicketService>;
