import type { DbOrTx } from '../../db/client.ts';
import { orderingSuspensionOf } from '../organizations/index.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * An organization whose renewal stayed unpaid after its last retry orders nothing new (402),
 * told what is overdue (billing writes the reason when it suspends ordering).
 */
export async function assertOrderingAllowed(db: DbOrTx, organizationId: number) {
  const organization = await orderingSuspensionOf(db, organizationId);
  if (organization?.since) {
    throw new HttpError(
      402,
      `New orders are suspended until your overdue renewals are paid. ${organization.reason ?? ''} Pay from Billing to order again.`.replace(
        /\s+/g,
        ' ',
      ),
    );
  }
}
