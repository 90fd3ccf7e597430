import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { vatFor, type BillingDetails, type updateBillingDetailsSchema } from '@alpenkube/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { billingDetails, organizations } from '../../db/schema.ts';
import { recordAudit } from '../audit/index.ts';
import { organizationAdmins } from '../notifications/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';

type DetailsRow = typeof billingDetails.$inferSelect;

function toBillingDetails(
  details: Pick<DetailsRow, 'legalName' | 'address' | 'country' | 'vatNumber' | 'email'>,
): BillingDetails {
  const vat = vatFor(details);
  return {
    legalName: details.legalName,
    address: details.address,
    country: details.country,
    vatNumber: details.vatNumber,
    email: details.email,
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
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [admin] = await organizationAdmins(db, organizationId);
  return toBillingDetails({
    legalName: organization?.name ?? '',
    address: '',
    country: '',
    vatNumber: null,
    email: admin?.email ?? '',
  });
}

/** Sets them (the next invoice uses them; issued ones keep theirs), audited. */
export async function updateBillingDetails(
  db: Db,
  actor: SessionUser,
  details: z.output<typeof updateBillingDetailsSchema>,
  client: ClientInfo,
): Promise<BillingDetails> {
  const values = {
    legalName: details.legalName,
    address: details.address,
    country: details.country,
    vatNumber: details.vatNumber || null,
    email: details.email,
  };
  return db.transaction(async (tx) => {
    await tx
      .insert(billingDetails)
      .values({ organizationId: actor.organizationId, ...values })
      .onConflictDoUpdate({
        target: billingDetails.organizationId,
        set: { ...values, updatedAt: new Date() },
      });
    const answer = toBillingDetails(values);
    await recordAudit(tx, {
      action: 'billing.details_update',
      outcome: 'success',
      actorUserId: actor.id,
      organizationId: actor.organizationId,
      targetType: 'organization',
      targetId: actor.organizationId,
      ip: client.ip,
      userAgent: client.userAgent,
      details: { country: values.country, vatTreatment: answer.vatTreatment },
    });
    return answer;
  });
}
