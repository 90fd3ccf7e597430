import type { Catalog, MarketplaceProduct, ProductInstance } from '@alpenkube/contract';
import { productInstances } from './schema.ts';
import { PRODUCT_CATALOG } from './product-catalog.ts';

export type InstanceRow = typeof productInstances.$inferSelect;

/** "Frankfurt (DE) · Alpenkube Sovereign Cloud" for `alpenkube:eu-de-fra`. */
export function regionLabel(code: string, catalog: Catalog) {
  const [providerSlug, regionCode] = code.split(':');
  const provider = catalog.providers.find((candidate) => candidate.slug === providerSlug);
  const region = provider?.regions.find((candidate) => candidate.code === regionCode);
  if (!provider || !region) return { label: code, eu: false };
  return {
    label: `${region.city} (${region.country}) · ${provider.name}`,
    eu: region.jurisdiction === 'eu',
  };
}

export function toMarketplaceProduct(
  row: (typeof PRODUCT_CATALOG)[number],
  catalog: Catalog,
): MarketplaceProduct {
  return {
    slug: row.slug,
    name: row.name,
    category: row.category,
    vendor: row.vendor,
    summary: row.summary,
    description: row.description,
    plans: row.plans.map((plan) => ({
      slug: plan.slug,
      name: plan.name,
      size: plan.size,
      priceMonthly: plan.priceMonthlyCents,
      priceYearly: plan.priceYearlyCents,
    })),
    regions: row.regions.map((code) => ({ code, ...regionLabel(code, catalog) })),
  };
}

export function toProductInstance(row: InstanceRow, catalog: Catalog): ProductInstance {
  const product = PRODUCT_CATALOG.find((candidate) => candidate.slug === row.productSlug);
  const plan = product?.plans.find((candidate) => candidate.slug === row.plan);
  return {
    id: row.id,
    name: row.name,
    product: row.productSlug,
    productName: product?.name ?? row.productSlug,
    category: product?.category ?? '',
    plan: row.plan,
    planName: plan?.name ?? row.plan,
    planSize: plan?.size ?? '',
    region: row.region,
    regionLabel: regionLabel(row.region, catalog).label,
    billingCycle: row.billingCycle,
    status: row.status,
    statusReason: row.statusReason,
    progress: row.progress,
    endpoint: row.endpoint,
    username: row.username,
    secretVersion: row.secretVersion,
    secretShown: row.secretShownAt !== null,
    secretRotatedAt: row.secretRotatedAt?.toISOString() ?? null,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    activeAt: row.activeAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}
