import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { PublicTicket } from '@alpenkube/contract';
import { supportTicketMessages, supportTickets } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { HttpError } from '../../lib/http-error.ts';
import { queueMail } from '../mail/index.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Two groups of four unambiguous characters: 32^8 codes, and only valid with the e-mail. */
export function newTrackingCode(): string {
  const chars = [...crypto.randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

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
export function createPublicTicketService(deps: Pick<Services, 'db' | 'config' | 'mailThrottle'>) {
  const { db, mailThrottle } = deps;
  const { publicUrl } = deps.config;
  async function load(ticket: TicketRow): Promise<PublicTicket> {
    const messages = await db
      .select()
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.ticketId, ticket.id))
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
      .where(and(eq(supportTickets.trackingCode, code), eq(supportTickets.email, email)));
    if (!ticket) throw new HttpError(404, NOT_FOUND);
    return ticket;
  }

  return {
    async open(input: NewTicket, ip: string | null) {
      await mailThrottle.admit([input.email], ip);
      return db.transaction(async (tx) => {
        const trackingCode = newTrackingCode();
        const [row] = await tx
          .insert(supportTickets)
          .values({
            number: `pending-${trackingCode}`,
            trackingCode,
            email: input.email,
            name: input.name || null,
            category: input.category,
            severity: input.severity,
            subject: input.subject,
          })
          .returning({ id: supportTickets.id });
        const number = `T-${100000 + row!.id}`;
        await tx.update(supportTickets).set({ number }).where(eq(supportTickets.id, row!.id));
        await tx.insert(supportTicketMessages).values({
          ticketId: row!.id,
          author: 'customer',
          authorName: input.name || null,
          body: input.message,
        });
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
      if (ticket.status === 'closed') {
        throw new HttpError(409, 'This ticket is closed. Open a new one and mention its number.');
      }
      await db.transaction(async (tx) => {
        await tx.insert(supportTicketMessages).values({
          ticketId: ticket.id,
          author: 'customer',
          authorName: ticket.name,
          body: message,
        });
        // A customer's answer puts the ticket back in the team's queue.
        await tx
          .update(supportTickets)
          .set({ status: 'open', updatedAt: new Date() })
          .where(eq(supportTickets.id, ticket.id));
      });
      return load({ ...ticket, status: 'open' });
    },
  };
}
export type PublicTicketService = ReturnType<typeof createPublicTicketService>;
