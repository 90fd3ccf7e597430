import { asc, eq, gte, lt, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { renewals } from './schema.ts';

/** The organization's renewals paid from `start` until before `until`, as they were paid. */
export async function paidRenewalsBetween(
  db: DbOrTx,
  organizationId: number,
  start: Date,
  until: Date,
) {
  return db
    .select({ id: renewals.id, description: renewals.description, amount: renewals.amountCents })
    .from(renewals)
    .where(
      inOrganization(
        renewals,
        organizationId,
        eq(renewals.status, 'paid'),
        gte(renewals.paidAt, start),
        lt(renewals.paidAt, until),
      ),
    )
    .orderBy(asc(renewals.paidAt), asc(renewals.id));
}

/** When the organization's first renewal was paid, before `until`. */
export async function firstRenewalPaidAt(
  db: DbOrTx,
  organizationId: number,
  until: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(renewals.paidAt) })
    .from(renewals)
    .where(
      inOrganization(
        renewals,
        organizationId,
        eq(renewals.status, 'paid'),
        lt(renewals.paidAt, until),
      ),
    );
  return row?.at ?? null;
}
