import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { vatFor, type BillingDetails, type updateBillingDetailsSchema } from '@alpenkube/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { organizationNameOf } from '../organizations/index.ts';
import { billingDetails } from './schema.ts';
import type { MailThrottle } from '../mail/index.ts';
import { recordAudit } from '../audit/index.ts';
import { notifyOrganizationAdmins, organizationAdmins } from '../notifications/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { queueVatCheck } from './vat-check.ts';

type DetailsRow = typeof billingDetails.$inferSelect;
type StoredDetails = Pick<
  DetailsRow,
  | 'legalName'
  | 'address'
  | 'country'
  | 'vatNumber'
  | 'email'
  | 'vatNumberStatus'
  | 'vatNumberCheckedAt'
  | 'vatRegistry'
>;

function toBillingDetails(details: StoredDetails): BillingDetails {
  const vat = vatFor(details);
  return {
    legalName: details.legalName,
    address: details.address,
    country: details.country,
    vatNumber: details.vatNumber,
    email: details.email,
    vatNumberCheck: details.vatNumber
      ? {
          status: details.vatNumberStatus ?? 'pending',
          checkedAt: details.vatNumberCheckedAt?.toISOString() ?? null,
          registry: details.vatRegistry,
        }
      : null,
    vatTreatment: vat.treatment,
    vatRateBasisPoints: vat.rateBasisPoints,
  };
}

/**
 * Who the organization's invoices are made out to, and the VAT they apply. Until it is set:
 * the organization's name, no address or country, and an admin's e-mail address.
 */
export async function readBillingDetails(
  db: DbOrTx,
  organizationId: number,
): Promise<BillingDetails> {
  const [row] = await db
    .select()
    .from(billingDetails)
    .where(eq(billingDetails.organizationId, organizationId));
  if (row) return toBillingDetails(row);
  const organizationName = await organizationNameOf(db, organizationId);
  const [admin] = await organizationAdmins(db, organizationId);
  return toBillingDetails({
    legalName: organizationName ?? '',
    address: '',
    country: '',
    vatNumber: null,
    email: admin?.email ?? '',
    vatNumberStatus: null,
    vatNumberCheckedAt: null,
    vatRegistry: null,
  });
}

/**
 * The admins hear of every change, by a notification and a mail that holds nothing the
 * requester typed (the admins' addresses are not all proven): they look at the page itself.
 * The mail is skipped past the mail throttle's share; the notification never is.
 */
function changeNotice(publicUrl: string) {
  const message =
    'An admin changed your organization’s billing details (who invoices are made out to, the VAT number or where invoices are sent).';
  return {
    message,
    mail: {
      subject: 'Your organization’s billing details changed',
      text:
        `Hello,\n\n${message}\n\nReview them: ${publicUrl}/billing#billing-details\n\n` +
        'If nobody in your organization meant to change them, change them back and review who is an admin.',
    },
  };
}

/**
 * Sets them (the next invoice uses them; issued ones keep theirs), audited, and tells the
 * admins. A VAT number the registry has not confirmed yet is `pending` and checked by a job:
 * VAT is charged until it is `valid`. The same number again keeps its confirmation.
 */
export async function updateBillingDetails(
  deps: { db: Db; mailThrottle: MailThrottle; publicUrl: string },
  actor: SessionUser,
  details: z.output<typeof updateBillingDetailsSchema>,
  client: ClientInfo,
): Promise<BillingDetails> {
  const { db } = deps;
  const organizationId = actor.organizationId;
  const admins = await organizationAdmins(db, organizationId);
  // Past the mail share (an accountant fixing field after field), the admins are told in the
  // app only: the mail never decides whether the details are saved.
  const mail = await deps.mailThrottle.mayMail(
    admins.map((admin) => admin.email),
    client.ip,
  );
  const vatNumber = details.vatNumber || null;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(billingDetails)
      .where(eq(billingDetails.organizationId, organizationId))
      .for('update');
    const keepsCheck = vatNumber !== null && before?.vatNumber === vatNumber;
    const values = {
      legalName: details.legalName,
      address: details.address,
      country: details.country,
      vatNumber,
      email: details.email,
      vatNumberStatus: keepsCheck
        ? before.vatNumberStatus
        : vatNumber
          ? ('pending' as const)
          : null,
      vatNumberCheckedAt: keepsCheck ? before.vatNumberCheckedAt : null,
      vatRegistry: keepsCheck ? before.vatRegistry : null,
    };
    await tx
      .insert(billingDetails)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({
        target: billingDetails.organizationId,
        set: { ...values, updatedAt: new Date() },
      });
    if (vatNumber && !keepsCheck) await queueVatCheck(tx, organizationId, vatNumber);
    const answer = toBillingDetails(values);
    await recordAudit(tx, {
      action: 'billing.details_update',
      outcome: 'success',
      actorUserId: actor.id,
      organizationId,
      targetType: 'organization',
      targetId: organizationId,
      ip: client.ip,
      userAgent: client.userAgent,
      details: {
        country: values.country,
        vatTreatment: answer.vatTreatment,
        vatNumberStatus: values.vatNumberStatus,
      },
    });
    const notice = changeNotice(deps.publicUrl);
    await notifyOrganizationAdmins(
      tx,
      organizationId,
      'info',
      notice.message,
      mail ? notice.mail : undefined,
    );
    return answer;
  });
}
