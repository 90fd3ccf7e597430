import {
  priceHaLine,
  proratedCharge,
  type Catalog,
  type ClusterOrderConfig,
  type PriceLine,
} from '@alpenkube/contract';
import type { SubscriptionRow } from '../billing/index.ts';
import type { ClusterRow } from '../clusters/index.ts';
import { orderNumber } from '../orders/index.ts';

export interface HaPeriod {
  billingCycle: 'monthly' | 'yearly';
  hoursLeft: number;
  periodHours: number;
}

/** What the HA control plane costs on a cluster: a whole period, and the hours left of this one. */
export function haPrice(config: ClusterOrderConfig, period: HaPeriod, catalog: Catalog) {
  const line = priceHaLine({ ...config, billingCycle: period.billingCycle }, catalog);
  const periodPrice = line ? (period.billingCycle === 'yearly' ? line.yearly : line.monthly) : 0;
  return {
    offered: line !== null,
    periodPrice,
    orderPrice: proratedCharge(periodPrice, period.hoursLeft, period.periodHours),
  };
}

const tierName = (catalog: Catalog, slug: string) =>
  (catalog.tiers.find((tier) => tier.slug === slug)?.name ?? slug).replace(/\s*\([^)]*\)\s*$/, '');

/**
 * Why the cluster's control plane cannot be made highly available now, in the words of the 409
 * that refuses it; null when it can. The same words on the page and in the API's answer.
 */
export function haRefusal(input: {
  cluster: ClusterRow;
  tier: string;
  catalog: Catalog;
  offered: boolean;
  supported: boolean;
  openOrderId: number | null;
  subscription: SubscriptionRow | null;
}): string | null {
  const { cluster, catalog } = input;
  if (cluster.haControlPlane) {
    return `The control plane of ${cluster.name} is already highly available.`;
  }
  if (!input.offered) {
    return `${tierName(catalog, input.tier)} offers no highly available control plane: choose a tier that does for a new cluster.`;
  }
  if (!input.supported) {
    return `Making an existing control plane highly available is not offered on ${cluster.provider.toUpperCase()} yet: choose HA when you order a cluster there.`;
  }
  if (input.openOrderId !== null) {
    return `Order ${orderNumber(input.openOrderId)} to make ${cluster.name} highly available is still open: pay or cancel it.`;
  }
  if (cluster.status !== 'running') {
    return `Cluster ${cluster.name} is ${cluster.status}: its control plane is made highly available while it is running.`;
  }
  if (!input.subscription) {
    return `Cluster ${cluster.name} has no prepaid period for the high-availability control plane to join.`;
  }
  return null;
}

/** The line the order charges: the HA control plane's price for the hours left of the period. */
export function chargedHaLine(
  cluster: ClusterRow,
  tier: string,
  orderPrice: number,
  period: HaPeriod,
  periodEnd: string,
): PriceLine {
  const cycle = period.billingCycle === 'yearly' ? 'year' : 'month';
  return {
    kind: 'ha_control_plane',
    ref: tier,
    description: `High-availability control plane (3 zones) for ${cluster.name}, ${period.hoursLeft} of the ${period.periodHours} hours left of the ${cycle} to ${periodEnd}`,
    quantity: 1,
    unitMonthly: orderPrice,
    unitYearly: orderPrice,
    monthly: orderPrice,
    yearly: orderPrice,
  };
}
