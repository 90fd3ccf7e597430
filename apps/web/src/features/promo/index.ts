export { PromoBanner } from './promo-banner';
export { PROMO_CODE, PROMO_DISCOUNT_PERCENT } from './promo-rules';
