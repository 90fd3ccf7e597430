import { and, desc, eq, lt, or } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { outgoingMail } from './schema.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { z } from 'zod';
import { defineJob, enqueueJob, HANDLER_TIMEOUT_MS, type JobRunner } from '../../jobs/job-queue.ts';

/** Delivers one queued mail (a row of outgoing_mail). */
export const sendMailJob = defineJob(
  'send-mail',
  z.strictObject({ mailId: z.number().int().positive() }),
);

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same for every attempt at one mail, so a receiving server can tell a repeat. */
  messageId?: string;
}

/**
 * Time-outs of one SMTP delivery. Together they stay far under the job handler's time-out
 * (HANDLER_TIMEOUT_MS, 2 minutes): a send gives up before the job does, so a retry never
 * starts while an earlier attempt may still be talking to the server.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/** Where mail goes. SMTP when configured; otherwise the embedded mailbox keeps it. */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
}

export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
    },
  };
}

/**
 * The embedded default: nothing leaves the machine. The mail stays in the outgoing_mail table,
 * where the development mailbox (GET /api/dev/mailbox) shows it, and a line goes to the log.
 */
export function createMailboxTransport(log: {
  info(obj: unknown, msg?: string): void;
}): MailTransport {
  return {
    name: 'mailbox',
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the local mailbox');
    },
  };
}

/** Queues a mail in the caller's transaction; the send-mail job delivers it after commit. */
export async function queueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  const [row] = await db.insert(outgoingMail).values(mail).returning({ id: outgoingMail.id });
  await enqueueJob(db, sendMailJob, { mailId: row!.id });
}

/** The Message-ID of a mail: stable across attempts, in the sender's domain. */
export function messageIdFor(mailId: number, createdAt: Date, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'alpenkube.localhost';
  return `<mail-${mailId}-${createdAt.getTime()}@${domain}>`;
}

/**
 * The send-mail job. The mail row is claimed first (a conditional update to `sending`, with the
 * time of the claim), so two runs of one job (a retry while an earlier attempt still runs, two
 * instances) never send it at once: the second finds it taken and comes back once the claim
 * has lapsed.
 * A failed send gives the row back (sending → queued) for the next attempt. A claim older than
 * the handler time-out belongs to an attempt that is over for sure (timed out, or its worker
 * died, after the SMTP time-outs that are shorter still): the mail is claimed again and sent,
 * with the same Message-ID, by which receiving servers drop a copy that did go out before the
 * crash. So a crash costs at worst a duplicate that is marked as one, never a lost mail.
 */
export function createMailDelivery(db: Db, transport: MailTransport, from: string) {
  return async function deliver({ mailId }: { mailId: number }) {
    const abandoned = new Date(Date.now() - HANDLER_TIMEOUT_MS);
    const [mail] = await db
      .update(outgoingMail)
      .set({ status: 'sending', sendingAt: new Date() })
      .where(
        and(
          eq(outgoingMail.id, mailId),
          or(
            eq(outgoingMail.status, 'queued'),
            and(eq(outgoingMail.status, 'sending'), lt(outgoingMail.sendingAt, abandoned)),
          ),
        ),
      )
      .returning();
    if (!mail) {
      const [current] = await db
        .select({ status: outgoingMail.status, sendingAt: outgoingMail.sendingAt })
        .from(outgoingMail)
        .where(eq(outgoingMail.id, mailId));
      if (!current || current.status === 'sent') return;
      if (current.status === 'sending' && current.sendingAt) {
        // Another attempt holds it (an instance killed while sending, or one still at work):
        // waiting for its claim to lapse is not failing, and spends none of the job's attempts,
        // which would otherwise run out before the claim does and leave the mail unsent.
        const lapsesAt = current.sendingAt.getTime() + HANDLER_TIMEOUT_MS;
        return { rescheduleInMs: Math.max(1000, lapsesAt - Date.now() + 1000) };
      }
      throw new Error(`Mail ${mailId} is ${current.status}: not sending it again`);
    }
    try {
      await transport.send({ ...mail, messageId: messageIdFor(mail.id, mail.createdAt, from) });
    } catch (error) {
      await db
        .update(outgoingMail)
        .set({ status: 'queued', error: error instanceof Error ? error.message : String(error) })
        .where(eq(outgoingMail.id, mailId));
      throw error;
    }
    await db
      .update(outgoingMail)
      .set({ status: 'sent', sentAt: new Date(), error: null })
      .where(eq(outgoingMail.id, mailId));
  };
}

/** The mail module delivers its own queue: called once, where the services are built. */
export function registerMailDelivery(
  jobs: JobRunner,
  { db, transport, from }: { db: Db; transport: MailTransport; from: string },
) {
  jobs.register(sendMailJob, createMailDelivery(db, transport, from));
}

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

export async function latestMail(db: Db, limit = 50) {
  const rows = await db.select().from(outgoingMail).orderBy(desc(outgoingMail.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    links: row.text.match(LINK_PATTERN) ?? [],
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}
