/**
 * The catalog: tiers, add-ons and node sizes with their prices, for the public pages and, later,
 * the signed-in ordering pages. Pages compose these parts in src/app.
 *
 * The lazily loaded public pages import the parts by file instead: a page chunk that imports
 * this index shares one chunk with every other page that does, which would put the whole
 * feature into the home page's JavaScript budget (docs/decisions/0003-public-page-weight.md).
 */
export { AdditionalOffers } from './cluster-types/additional-offers';
export { NodeSizeTable } from './cluster-types/node-size-table';
export { TierDetail } from './cluster-types/tier-detail';
export { orderPath, tierPagePath, tierPageType } from './cluster-types/tier-links';
export { HomeTierGrid } from './home-tier-grid';
export { AddonPrices } from './pricing/addon-prices';
export { CustomOfferCard } from './pricing/custom-offer-card';
export { PriceControls } from './pricing/price-controls';
export { PricingNotes } from './pricing/pricing-notes';
export { PricingTierCard } from './pricing/pricing-tier-card';
export { TierPrice } from './pricing/tier-price';
