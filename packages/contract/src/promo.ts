/**
 * The promo banner's fixed code: 5% off the first paid order of an organization, once. The web
 * app shows it; the server checks it when an order is placed. No imports, so
 * the public pages can use it without pulling in zod.
 */
export const PROMO_CODE = 'WELCOME5';
export const PROMO_DISCOUNT_PERCENT = 5;

/** The promo's discount on a subtotal (cents), rounded half up to a whole cent. */
export const promoDiscount = (subtotalCents: number) =>
  Math.round((subtotalCents * PROMO_DISCOUNT_PERCENT) / 100);
