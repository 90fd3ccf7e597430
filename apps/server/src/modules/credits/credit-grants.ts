import type { CreditEntry, GrantCredit } from '@alpenkube/contract';
import type { Db } from '../../db/client.ts';
import { dollars } from '../../lib/money.ts';
import { notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import { organizationExists } from '../organizations/index.ts';
import type { ClientInfo } from '../sessions/index.ts';
import { moveCredit } from './credit-ledger.ts';

/** A platform operator's grant: the credit, its audit entry and the admins' notice, together. */
export async function grantCredit(
  db: Db,
  operator: { id: number; organizationId: number },
  grant: GrantCredit,
  client: ClientInfo,
): Promise<CreditEntry> {
  return db.transaction(async (tx) => {
    if (!(await organizationExists(tx, grant.organizationId)))
      throw notFound('Organization not found');
    const entry = await moveCredit(tx, {
      organizationId: grant.organizationId,
      kind: 'grant',
      amountCents: grant.amount,
      description: grant.reason,
      actorUserId: operator.id,
    });
    await recordAudit(tx, {
      action: 'billing.credit_grant',
      outcome: 'success',
      actorUserId: operator.id,
      organizationId: grant.organizationId,
      targetType: 'organization',
      targetId: grant.organizationId,
      ip: client.ip,
      userAgent: client.userAgent,
      details: { amountCents: grant.amount, creditTransactionId: entry?.id ?? null },
    });
    await notifyOrganizationAdmins(
      tx,
      grant.organizationId,
      'success',
      `${dollars(grant.amount)} of credit was added to your balance: ${grant.reason}`,
    );
    return entry!;
  });
}
