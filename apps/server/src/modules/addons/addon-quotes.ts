import {
  priceAddonLine,
  proratedCharge,
  type Addon,
  type Catalog,
  type ClusterOrderConfig,
  type PriceLine,
} from '@alpenkube/contract';
import type { SubscriptionRow } from '../billing/index.ts';
import type { ClusterRow } from '../clusters/index.ts';
import { orderNumber } from '../orders/index.ts';

/** What an add-on costs on a cluster for the rest of its prepaid period. */
export interface AddonPrice {
  line: PriceLine;
  periodPrice: number;
  installPrice: number;
}

export function addonPrice(
  addon: Addon,
  config: ClusterOrderConfig,
  period: { billingCycle: 'monthly' | 'yearly'; hoursLeft: number; periodHours: number },
  catalog: Catalog,
): AddonPrice {
  const line = priceAddonLine(
    { ...config, billingCycle: period.billingCycle },
    addon.slug,
    catalog,
  );
  const periodPrice = period.billingCycle === 'yearly' ? line.yearly : line.monthly;
  return {
    line,
    periodPrice,
    installPrice: proratedCharge(periodPrice, period.hoursLeft, period.periodHours),
  };
}

const tierName = (catalog: Catalog, slug: string) =>
  (catalog.tiers.find((tier) => tier.slug === slug)?.name ?? slug).replace(/\s*\([^)]*\)\s*$/, '');

/**
 * Why the add-on cannot be ordered for the cluster now, in the words of the 409 that refuses
 * it; null when it can. The same words on the page (`refusal`) and in the API's answer.
 */
export function addonRefusal(
  addon: Addon,
  cluster: ClusterRow,
  tier: string,
  catalog: Catalog,
  openOrderId: number | null,
  subscription: SubscriptionRow | null,
  /** The cluster's provider's refusal (`addonRefusal` of its driver): it may not offer every add-on. */
  providerRefusal: string | null,
): string | null {
  if (!addon.compatibleTiers.includes(tier)) {
    const tiers = addon.compatibleTiers.map((slug) => tierName(catalog, slug)).join(', ');
    return `${addon.name} is not available for ${cluster.name}'s tier, ${tierName(catalog, tier)}: it runs on ${tiers}.`;
  }
  if (providerRefusal && !cluster.addons.includes(addon.slug)) return `${providerRefusal}.`;
  if (cluster.addons.includes(addon.slug)) {
    return `${addon.name} is already installed on ${cluster.name}.`;
  }
  if (openOrderId !== null) {
    return `Order ${orderNumber(openOrderId)} for ${addon.name} on ${cluster.name} is still open: pay or cancel it.`;
  }
  if (cluster.status !== 'running' && cluster.status !== 'degraded') {
    return `Cluster ${cluster.name} is ${cluster.status}: add-ons are installed on a running cluster.`;
  }
  if (!subscription) {
    return `Cluster ${cluster.name} has no prepaid period for the add-on to join.`;
  }
  return null;
}

/** The line the order charges: the add-on's price for the hours left of the period. */
export function chargedLine(
  addon: Addon,
  price: AddonPrice,
  period: { billingCycle: 'monthly' | 'yearly'; hoursLeft: number; periodHours: number },
  periodEnd: string,
): PriceLine {
  const units =
    addon.unit === 'node'
      ? `${price.line.quantity} node${price.line.quantity === 1 ? '' : 's'}`
      : 'the cluster';
  const cycle = period.billingCycle === 'yearly' ? 'year' : 'month';
  return {
    kind: 'addon',
    ref: addon.slug,
    description: `Add-on: ${addon.name} for ${units}, ${period.hoursLeft} of the ${period.periodHours} hours left of the ${cycle} to ${periodEnd}`,
    quantity: 1,
    unitMonthly: price.installPrice,
    unitYearly: price.installPrice,
    monthly: price.installPrice,
    yearly: price.installPrice,
  };
}
