import type { MailCategory, NotificationType } from '@alpenkube/contract';
import { roleAllows, type OrganizationArea } from '@alpenkube/contract/permissions';
import type { DbOrTx } from '../../db/client.ts';
import { activeMembersOf } from '../users/index.ts';
import { queueMail } from '../mail/index.ts';
import { mutedAmong } from './mail-preferences.ts';
import { createNotification } from './notification-service.ts';

/**
 * A mail to go with a notice. With a category, people who turned that category's mails off get
 * the notification alone; without one (payments that failed, a suspension) everyone gets it.
 */
export interface NoticeMail {
  subject: string;
  text: string;
  category?: MailCategory;
}

/** The organization's active admins (and platform operators in it), the oldest account first. */
export function organizationAdmins(tx: DbOrTx, organizationId: number) {
  return activeMembersOf(tx, organizationId, { admins: true });
}

async function notifyEach(
  tx: DbOrTx,
  people: { id: number; email: string }[],
  type: NotificationType,
  message: string,
  mail?: NoticeMail,
) {
  const muted = mail?.category
    ? await mutedAmong(
        tx,
        people.map((person) => person.id),
        mail.category,
      )
    : new Set<number>();
  for (const person of people) {
    await createNotification(tx, person.id, type, message);
    if (mail && !muted.has(person.id)) {
      await queueMail(tx, { to: person.email, subject: mail.subject, text: mail.text });
    }
  }
  return people.length;
}

/**
 * Tells an organization's active admins, in the caller's transaction: a notification each and,
 * when `mail` is given, a mail each (billing's renewals, invoices and budget alerts), so the
 * notice exists exactly when what it announces does.
 */
export async function notifyOrganizationAdmins(
  tx: DbOrTx,
  organizationId: number,
  type: NotificationType,
  message: string,
  mail?: NoticeMail,
): Promise<number> {
  return notifyEach(tx, await organizationAdmins(tx, organizationId), type, message, mail);
}

/**
 * Tells every active member of the organization whose role reaches `area` (a cluster's news is
 * not a billing member's), as `notifyOrganizationAdmins` tells admins.
 */
export async function notifyOrganizationMembers(
  tx: DbOrTx,
  organizationId: number,
  area: OrganizationArea,
  type: NotificationType,
  message: string,
  mail?: NoticeMail,
): Promise<number> {
  const members = await activeMembersOf(tx, organizationId);
  const reached = members.filter((member) => roleAllows(member.role, 'read', area));
  return notifyEach(tx, reached, type, message, mail);
}

/** Whether the person wants the category's mails (the default). */
export async function wantsMail(tx: DbOrTx, userId: number, category: MailCategory) {
  return !(await mutedAmong(tx, [userId], category)).has(userId);
}
