import { eq, sql } from 'drizzle-orm';
import { ATTACHMENT_MAX_FILES, ATTACHMENT_MAX_FILES_PER_TICKET } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { lockOrganization } from '../organizations/index.ts';
import { supportAttachments } from './schema.ts';
import { forbidden, HttpError } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import type { RateLimitRule } from '../rate-limit/index.ts';
import type { SessionUser } from '../sessions/index.ts';
import type { FileAllowance, ReceivedFile } from './attachments.ts';

/** Who sends files: a customer is held to the quotas and the hourly limit; staff are not. */
export interface Sender {
  user: SessionUser;
  staff: boolean;
}

/** The ticket a message is added to; null while it is being opened. */
export type TicketRef = { id: number; number: string; organizationId: number | null } | null;

const HOUR = 60 * 60 * 1000;
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const payloadTooLarge = (message: string) => new HttpError(413, message);

/** Why a customer may not attach files yet; null when they may. */
function uploadRefusal(user: SessionUser): string | null {
  if (!user.emailVerified) {
    return 'Verify your e-mail address before attaching files; the ticket itself can be sent without them.';
  }
  if (user.organizationStatus === 'suspended') {
    return 'Your organization is suspended: files cannot be attached. Send the ticket without them.';
  }
  if (user.organizationStatus !== 'active') {
    return 'Files can be attached once our team has approved your organization; send the ticket without them for now.';
  }
  return null;
}

/**
 * The limits on support files besides a message's 5 of 10 MB: the ticket's cap on files, a
 * customer's and their organization's storage quotas, and a customer's uploads per hour.
 * Checked before any byte is read (`allowance`), and again, under locks, in the transaction
 * that names the files (`assertRoom`), so racing uploads cannot pass a quota together.
 */
export function createAttachmentLimits(
  deps: Pick<Infrastructure, 'config'> & { rateLimit: RateLimiter },
) {
  const { config, rateLimit } = deps;
  const uploadRule: RateLimitRule = {
    bucket: 'support-upload',
    limit: config.attachmentUploadsPerHour,
    windowMs: HOUR,
    message: `At most ${config.attachmentUploadsPerHour} files an hour may be attached. Try again in {minutes} minutes.`,
  };
  const rateKey = (user: SessionUser) => `user:${user.id}`;

  async function storedBytes(db: DbOrTx, user: SessionUser) {
    const sum = (where: ReturnType<typeof eq>) =>
      db
        .select({ bytes: sql<number>`coalesce(sum(${supportAttachments.sizeBytes}), 0)::float8` })
        .from(supportAttachments)
        .where(where)
        .then(([row]) => row?.bytes ?? 0);
    const [person, organization] = await Promise.all([
      sum(eq(supportAttachments.uploadedByUserId, user.id)),
      sum(eq(supportAttachments.organizationId, user.organizationId)),
    ]);
    return { person, organization };
  }

  async function ticketFiles(db: DbOrTx, ticket: TicketRef) {
    if (!ticket) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(supportAttachments)
      .where(eq(supportAttachments.ticketId, ticket.id));
    return row?.n ?? 0;
  }

  const refuseFile = (ticket: TicketRef) => (name: string) =>
    payloadTooLarge(
      `${name}: ${ticket ? `ticket ${ticket.number}` : 'the ticket'} would hold more than ${ATTACHMENT_MAX_FILES_PER_TICKET} files, the most one ticket may; open a new ticket for more.`,
    );

  /** The smaller room, and the refusal that names it. */
  function quotaRoom(stored: { person: number; organization: number }) {
    const person = config.attachmentQuotaPerPerson - stored.person;
    const organization = config.attachmentQuotaPerOrganization - stored.organization;
    const byPerson = person <= organization;
    const limit = megabytes(
      byPerson ? config.attachmentQuotaPerPerson : config.attachmentQuotaPerOrganization,
    );
    return {
      bytes: Math.max(0, Math.min(person, organization)),
      refuse: (name: string) =>
        payloadTooLarge(
          byPerson
            ? `${name}: your files on support tickets would pass ${limit} MB, the most one person may keep. Share large material as a link instead.`
            : `${name}: your organization's files on support tickets would pass ${limit} MB, the most one organization may keep. Share large material as a link instead.`,
        ),
    };
  }

  return {
    /** Refuses (403, 429, 413) or answers what the message may still carry; reads no file. */
    async allowance(db: DbOrTx, sender: Sender, ticket: TicketRef): Promise<FileAllowance> {
      const files = ATTACHMENT_MAX_FILES_PER_TICKET - (await ticketFiles(db, ticket));
      const allowance = {
        files: Math.min(ATTACHMENT_MAX_FILES, files),
        refuseFile: refuseFile(ticket),
        bytes: Number.POSITIVE_INFINITY,
        refuseBytes: (name: string) => payloadTooLarge(name),
      };
      if (sender.staff) return allowance;
      const refusal = uploadRefusal(sender.user);
      if (refusal) throw forbidden(refusal);
      await rateLimit.check(uploadRule, [rateKey(sender.user)]);
      const room = quotaRoom(await storedBytes(db, sender.user));
      return { ...allowance, bytes: room.bytes, refuseBytes: room.refuse };
    },

    /**
     * In the transaction that names the files, with the organization's row locked: racing
     * uploads of one organization pass here one at a time. The ticket's row is the caller's
     * to lock (every message to a ticket locks it already).
     */
    async assertRoom(tx: DbOrTx, sender: Sender, ticket: TicketRef, files: ReceivedFile[]) {
      if (!files.length) return;
      if ((await ticketFiles(tx, ticket)) + files.length > ATTACHMENT_MAX_FILES_PER_TICKET) {
        throw refuseFile(ticket)(files[0]!.fileName);
      }
      if (sender.staff) return;
      await lockOrganization(tx, sender.user.organizationId);
      const room = quotaRoom(await storedBytes(tx, sender.user));
      const bytes = files.reduce((sum, file) => sum + file.sizeBytes, 0);
      if (bytes > room.bytes) throw room.refuse(files[0]!.fileName);
    },

    /** Counts a customer's saved files against their hourly limit. */
    async counted(sender: Sender, files: ReceivedFile[]) {
      if (sender.staff || !files.length) return;
      await rateLimit.record(
        uploadRule,
        files.map(() => rateKey(sender.user)),
      );
    },
  };
}
export type AttachmentLimits = ReturnType<typeof createAttachmentLimits>;
