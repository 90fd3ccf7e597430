import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { outgoingMail } from '../../db/schema.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';

export const SEND_MAIL_JOB = 'send-mail';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes. SMTP when configured; otherwise the embedded mailbox keeps it. */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
}

export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
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
  await enqueueJob(db, SEND_MAIL_JOB, { mailId: row!.id });
}

export function createMailDelivery(db: Db, transport: MailTransport) {
  return async function deliver(payload: Record<string, unknown>) {
    const mailId = Number(payload.mailId);
    const [mail] = await db.select().from(outgoingMail).where(eq(outgoingMail.id, mailId));
    if (!mail || mail.status === 'sent') return;
    try {
      await transport.send(mail);
      await db
        .update(outgoingMail)
        .set({ status: 'sent', sentAt: new Date(), error: null })
        .where(eq(outgoingMail.id, mailId));
    } catch (error) {
      await db
        .update(outgoingMail)
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where(eq(outgoingMail.id, mailId));
      throw error;
    }
  };
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
