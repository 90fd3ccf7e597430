import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderingSuspensionOf, setOrderingSuspension } from '../organizations/index.ts';
import { renewals } from './schema.ts';
import { dollars } from '../../lib/money.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import { dayOf } from './periods.ts';

/** The renewals whose last retry failed, in words: what ordering waits for. */
async function overdueWords(tx: Tx, organizationId: number): Promise<string | null> {
  const failed = await tx
    .select()
    .from(renewals)
    .where(and(eq(renewals.organizationId, organizationId), eq(renewals.status, 'failed')))
    .orderBy(asc(renewals.id));
  if (failed.length === 0) return null;
  const each = failed.map(
    (renewal) =>
      `${renewal.description} (${dollars(renewal.amountCents)}, due ${dayOf(renewal.periodStart)})`,
  );
  return `${each.length === 1 ? 'This renewal is' : 'These renewals are'} unpaid: ${each.join('; ')}.`;
}

/**
 * After a renewal's last retry failed: the organization may order nothing new until it is
 * paid; its running clusters keep running. The reason names every overdue renewal.
 */
export async function suspendOrdering(tx: Tx, organizationId: number, now: Date) {
  const reason = await overdueWords(tx, organizationId);
  if (!reason) return;
  const organization = await orderingSuspensionOf(tx, organizationId, { lock: true });
  await setOrderingSuspension(tx, organizationId, { since: organization?.since ?? now, reason });
  if (organization?.since) return;
  const message = `New orders are suspended until your overdue renewals are paid. ${reason} Your running clusters keep running: pay from Billing to order again.`;
  await notifyOrganizationAdmins(tx, organizationId, 'error', message, {
    subject: 'Ordering is suspended: a renewal is overdue',
    text: message,
  });
}

/** Once no renewal is overdue any more, ordering opens again (otherwise the reason is updated). */
export async function liftSuspensionIfSettled(tx: Tx, organizationId: number) {
  const organization = await orderingSuspensionOf(tx, organizationId, { lock: true });
  if (!organization?.since) return;
  const reason = await overdueWords(tx, organizationId);
  await setOrderingSuspension(
    tx,
    organizationId,
    reason ? { reason } : { since: null, reason: null },
  );
  if (!reason) {
    await notifyOrganizationAdmins(
      tx,
      organizationId,
      'success',
      'Nothing is overdue any more: your organization can order again.',
    );
  }
}
