import type { NotificationType } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { activeMembersOf } from '../users/index.ts';
import { queueMail } from '../mail/index.ts';
import { createNotification } from './notification-service.ts';

/**
 * Tells an organization's active admins, in the caller's transaction: a notification each and,
 * when `mail` is given, a mail each (billing's renewals, invoices and budget alerts), so the
 * notice exists exactly when what it announces does.
 */
/** The organization's active admins (and platform operators in it), the oldest account first. */
export function organizationAdmins(tx: DbOrTx, organizationId: number) {
  return activeMembersOf(tx, organizationId, { admins: true });
}

export async function notifyOrganizationAdmins(
  tx: DbOrTx,
  organizationId: number,
  type: NotificationType,
  message: string,
  mail?: { subject: string; text: string },
): Promise<number> {
  const admins = await organizationAdmins(tx, organizationId);
  for (const admin of admins) {
    await createNotification(tx, admin.id, type, message);
    if (mail) await queueMail(tx, { to: admin.email, subject: mail.subject, text: mail.text });
  }
  return admins.length;
}
