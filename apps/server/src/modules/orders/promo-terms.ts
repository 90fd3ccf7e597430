import { gt, isNotNull, ne, type SQL } from 'drizzle-orm';
import { PROMO_CODE, PROMO_DISCOUNT_PERCENT, promoDiscount } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { HttpError, invalidFields } from '../../lib/http-error.ts';
import { orders } from './schema.ts';

/**
 * An order the organization paid for: paid, with a price. A free order (the Basic support plan)
 * is complete as it is placed but is no purchase, so the code stays for the first paid one.
 */
export const paidOrderOf = (organizationId: number, except?: number): SQL =>
  inOrganization(
    orders,
    organizationId,
    isNotNull(orders.paidAt),
    gt(orders.subtotalCents, 0),
    except === undefined ? undefined : ne(orders.id, except),
  );

/** The first order the organization paid for (besides `except`), if any. */
export async function firstPaidOrder(
  db: DbOrTx,
  organizationId: number,
  except?: number,
): Promise<number | null> {
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(paidOrderOf(organizationId, except))
    .orderBy(orders.paidAt)
    .limit(1);
  return paid?.id ?? null;
}

/**
 * Whether the banner's code is still the organization's to use: no order of it was paid yet
 * (one paid with the code used it). The web app shows the banner only while it is.
 */
export async function promoAvailable(db: DbOrTx, organizationId: number): Promise<boolean> {
  return (await firstPaidOrder(db, organizationId)) === null;
}

/** The only code it takes, whatever the case or spacing it was typed in. */
function readPromoCode(code: string | null | undefined): string | null {
  if (!code?.trim()) return null;
  if (code.trim().toUpperCase() === PROMO_CODE) return PROMO_CODE;
  throw invalidFields([{ path: ['promoCode'], message: 'This promo code is not valid' }]);
}

/** What an order costs with the code typed for it: the price engine's discount on its subtotal. */
export interface PromoTerms {
  promoCode: string | null;
  discountCents: number;
  totalCents: number;
}

/**
 * The terms of a new order of any kind with the code its customer typed, or none. A code that
 * is not the banner's is a 400; on an order with nothing to pay, a 400 (the code is for a paid
 * one); once the organization paid an order, a 409. Any number of unpaid orders may show the
 * code: the first one paid takes it (`claimPromo`), the others are priced again without it.
 */
export async function promoTerms(
  db: DbOrTx,
  organizationId: number,
  typed: string | null | undefined,
  subtotalCents: number,
): Promise<PromoTerms> {
  const promoCode = readPromoCode(typed);
  if (!promoCode) return { promoCode: null, discountCents: 0, totalCents: subtotalCents };
  if (subtotalCents <= 0) {
    throw invalidFields([
      {
        path: ['promoCode'],
        message: `This order costs nothing: keep ${PROMO_CODE} for your first paid order`,
      },
    ]);
  }
  if ((await firstPaidOrder(db, organizationId)) !== null) {
    const message = `The promo code ${PROMO_CODE} takes ${PROMO_DISCOUNT_PERCENT}% off an organization's first paid order only, and yours has paid for an order before.`;
    throw new HttpError(409, message, {}, [{ path: ['promoCode'], message }]);
  }
  const discountCents = promoDiscount(subtotalCents);
  return { promoCode, discountCents, totalCents: subtotalCents - discountCents };
}
