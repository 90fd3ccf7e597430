/**
 * The one price engine: a cluster configuration and the catalog give itemised lines and
 * monthly and yearly totals, in integer minor units of USD. The browser runs it for an instant
 * price; the server runs the same code again for every price it answers or charges.
 *
 * Free of zod and of anything else at run time (types only), so a public page may import it.
 * It expects a configuration that `clusterConfigSchema(catalog)` accepted, and throws on a
 * name the catalog does not know.
 *
 * Rounding, once per line and never on totals: a regional price factor (basis points, 10000 is
 * ×1.00) turns each catalog unit price into the region's unit price, rounded half up to a whole
 * cent; a line is that unit price times its quantity; totals are sums of lines. So a line always
 * reads as quantity × unit price, and totals always equal the sum of their lines.
 */
import type { Catalog } from './catalog.ts';
import { divideRounded, yearlyDiscountPercent } from './yearly-discount.ts';

export { divideRounded, yearlyDiscountPercent } from './yearly-discount.ts';

export type BillingCycle = 'monthly' | 'yearly';

export interface NodePoolConfig {
  name: string;
  /** A node size of the tier, by name. */
  size: string;
  count: number;
  /** Both or neither: the autoscaler keeps the pool between them; the price counts `count`. */
  autoscaleMin?: number;
  autoscaleMax?: number;
  /** Kubernetes labels and taints of the pool's nodes (no bearing on the price). */
  labels?: Record<string, string>;
  taints?: {
    key: string;
    value: string;
    effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
  }[];
}

export interface ClusterConfig {
  /** Slugs and names as the catalog lists them. */
  tier: string;
  provider: string;
  region: string;
  /** A supported minor, e.g. "1.37". */
  kubernetesVersion: string;
  nodePools: NodePoolConfig[];
  haControlPlane: boolean;
  addons: string[];
  supportPlan: string;
  billingCycle: BillingCycle;
}

export type PriceLineKind =
  'control_plane' | 'ha_control_plane' | 'nodes' | 'addon' | 'support' | 'product';

export interface PriceLine {
  kind: PriceLineKind;
  /** What the line prices: the tier, the pool's name, the add-on or the plan's slug. */
  ref: string;
  description: string;
  quantity: number;
  /** Per unit, regional factor applied, minor units of USD. */
  unitMonthly: number;
  unitYearly: number;
  /** quantity × unit price. */
  monthly: number;
  yearly: number;
}

export interface Quote {
  currency: 'USD';
  billingCycle: BillingCycle;
  regionFactorBasisPoints: number;
  lines: PriceLine[];
  /** Sum of the lines' monthly amounts: the price of a month paid monthly. */
  monthly: number;
  /** Sum of the lines' yearly amounts: the price of a year paid up front. */
  yearly: number;
  /** What a year paid up front saves against twelve months, in whole percent. */
  yearlyDiscountPercent: number;
  /**
   * What the order charges up front: `monthly` or `yearly` for the chosen cycle; for a tier billed
   * by the hour (`hourly`), only the lines it does not meter (the support plan).
   */
  total: number;
  /** Set for a tier with nothing prepaid: its metered lines are billed by the hour after a trial. */
  hourly: HourlyBilling | null;
}

/** How a tier billed by the hour is charged: free for `trialDays`, then `hourMillicents` an hour. */
export interface HourlyBilling {
  trialDays: number;
  /** An hour of the whole configuration after the trial (control plane, nodes, add-ons). */
  hourMillicents: number;
}

/**
 * Tiers with no prepaid period: an organization's sandbox is free for its first 30 days, then
 * metered by the hour. Their control plane, nodes and add-ons are never charged up front.
 */
export const HOURLY_TIERS: Readonly<Record<string, { trialDays: number }>> = {
  sandbox: { trialDays: 30 },
};

/** The tier's hourly terms, or null for a tier paid by the month or year. */
export const hourlyTierTerms = (tier: string) => HOURLY_TIERS[tier] ?? null;

/** Tiers unused for this many days are deleted (after notices 7 and 1 days before). */
export const IDLE_DELETION_TIERS: Readonly<Record<string, { idleDays: number }>> = {
  sandbox: { idleDays: 30 },
};

/** Tiers that may be ordered as preview clusters with an expiry (Dev/Test). */
export const PREVIEW_TIERS: readonly string[] = ['orange'];
/** Tiers whose clusters may have a sleep schedule (Dev/Test). */
export const SLEEP_TIERS: readonly string[] = ['orange'];
/** A preview cluster lives an hour at least and 30 days at most. */
export const PREVIEW_MIN_HOURS = 1;
export const PREVIEW_MAX_HOURS = 720;

const BASIS = 10_000;

/** A catalog unit price in a region: rounded half up to a whole cent. */
export function applyPriceFactor(cents: number, factorBasisPoints: number): number {
  return divideRounded(cents * factorBasisPoints, BASIS);
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Not in the catalog: ${what}`);
  return value;
}

function line(
  kind: PriceLineKind,
  ref: string,
  description: string,
  quantity: number,
  unitMonthly: number,
  unitYearly: number,
): PriceLine {
  return {
    kind,
    ref,
    description,
    quantity,
    unitMonthly,
    unitYearly,
    monthly: quantity * unitMonthly,
    yearly: quantity * unitYearly,
  };
}

/**
 * Prices a configuration. The region's factor applies to infrastructure (control plane and
 * nodes), whose cost differs by data centre; add-ons and support cost the same everywhere.
 */
export function priceCluster(config: ClusterConfig, catalog: Catalog): Quote {
  const tier = must(
    catalog.tiers.find((candidate) => candidate.slug === config.tier),
    `tier ${config.tier}`,
  );
  const provider = must(
    catalog.providers.find((candidate) => candidate.slug === config.provider),
    `provider ${config.provider}`,
  );
  const region = must(
    provider.regions.find((candidate) => candidate.code === config.region),
    `region ${config.region}`,
  );
  const factor = region.priceFactorBasisPoints;
  const regional = (cents: number) => applyPriceFactor(cents, factor);
  const lines: PriceLine[] = [];

  lines.push(
    line(
      'control_plane',
      tier.slug,
      `Control plane, ${tier.name}`,
      1,
      regional(tier.controlPlanePriceMonthly),
      regional(tier.controlPlanePriceYearly),
    ),
  );
  if (config.haControlPlane) {
    const monthly = must(tier.haControlPlanePriceMonthly ?? undefined, `HA in ${tier.slug}`);
    const yearly = must(tier.haControlPlanePriceYearly ?? undefined, `HA in ${tier.slug}`);
    lines.push(
      line(
        'ha_control_plane',
        tier.slug,
        'High-availability control plane (3 zones)',
        1,
        regional(monthly),
        regional(yearly),
      ),
    );
  }

  let nodes = 0;
  for (const pool of config.nodePools) {
    const size = must(
      tier.nodeSizes.find((candidate) => candidate.name === pool.size),
      `size ${pool.size} in ${tier.slug}`,
    );
    nodes += pool.count;
    lines.push(
      line(
        'nodes',
        pool.name,
        `Node pool ${pool.name}: ${size.name}`,
        pool.count,
        regional(size.priceMonthly),
        regional(size.priceYearly),
      ),
    );
  }

  for (const slug of config.addons) {
    const addon = must(
      catalog.addons.find((candidate) => candidate.slug === slug),
      `add-on ${slug}`,
    );
    const quantity = addon.unit === 'node' ? nodes : 1;
    lines.push(
      line(
        'addon',
        addon.slug,
        `Add-on: ${addon.name}`,
        quantity,
        addon.priceMonthly,
        addon.priceYearly,
      ),
    );
  }

  const plan = must(
    catalog.supportPlans.find((candidate) => candidate.slug === config.supportPlan),
    `support plan ${config.supportPlan}`,
  );
  lines.push(
    line('support', plan.slug, `Support: ${plan.name}`, 1, plan.priceMonthly, plan.priceYearly),
  );
  const included = includedSupportPlan(config.tier, config.supportPlan, catalog);
  if (included) {
    lines.push(
      line(
        'support',
        included.slug,
        `${included.name} response targets on this cluster's tickets, included with ${tier.name}`,
        1,
        0,
        0,
      ),
    );
  }

  const monthly = lines.reduce((sum, entry) => sum + entry.monthly, 0);
  const yearly = lines.reduce((sum, entry) => sum + entry.yearly, 0);
  const terms = hourlyTierTerms(tier.slug);
  const upfront = terms ? lines.filter((entry) => entry.kind === 'support') : lines;
  const cycle = (entry: PriceLine) =>
    config.billingCycle === 'yearly' ? entry.yearly : entry.monthly;
  return {
    currency: 'USD',
    billingCycle: config.billingCycle,
    regionFactorBasisPoints: factor,
    lines,
    monthly,
    yearly,
    yearlyDiscountPercent: yearlyDiscountPercent(monthly, yearly),
    total: upfront.reduce((sum, entry) => sum + cycle(entry), 0),
    hourly: terms
      ? {
          trialDays: terms.trialDays,
          hourMillicents: lines
            .filter((entry) => entry.kind !== 'support')
            .reduce((sum, entry) => sum + hourly(entry.monthly), 0),
        }
      : null,
  };
}

/**
 * The support plan whose response targets tickets about a tier's clusters get whatever the
 * organization's plan, included in the tier's price: Red's "24/7 support, 15-minute response".
 */
export const TIER_INCLUDED_SUPPORT_PLAN: Readonly<Record<string, string>> = { red: 'enterprise' };

/**
 * The plan a tier includes for its clusters' tickets when it is better than `chosen` (the
 * catalog lists plans from the least to the most support); null when the tier includes none.
 */
export function includedSupportPlan(tierSlug: string, chosen: string, catalog: Catalog) {
  const slug = TIER_INCLUDED_SUPPORT_PLAN[tierSlug];
  if (!slug) return null;
  const rank = (candidate: string) =>
    catalog.supportPlans.findIndex((plan) => plan.slug === candidate);
  const included = catalog.supportPlans[rank(slug)];
  return included && rank(slug) > rank(chosen) ? included : null;
}

/** The hours a month's price covers when it is metered or prorated by the hour. */
export const HOURS_PER_MONTH = 730;
/** Block storage (node disks and volumes): $0.10 a GB-month. */
export const STORAGE_GB_MONTH_CENTS = 10;
/** Traffic leaving the region: $0.01 a GB. */
export const EGRESS_GB_CENTS = 1;

/**
 * What an hour of each metered resource costs, in millicents (thousandths of a cent), so that
 * a month of hourly records adds up to its monthly price within a cent; a bill rounds the sum
 * of its records once, half up, to whole cents.
 */
export interface MeteredRates {
  controlPlaneHour: number;
  /** One node of a pool for an hour, by pool name. */
  nodeHour: Record<string, number>;
  /** One hour of an add-on on the cluster (all its nodes for a per-node add-on), by slug. */
  addonHour: Record<string, number>;
  storageGbHour: number;
  egressGb: number;
}

const hourly = (monthlyCents: number) => divideRounded(monthlyCents * 1000, HOURS_PER_MONTH);

/** The engine's hourly prices for a configuration: the monthly unit prices spread over 730 h. */
export function meteredRates(config: ClusterConfig, catalog: Catalog): MeteredRates {
  const quote = priceCluster({ ...config, billingCycle: 'monthly' }, catalog);
  const rates: MeteredRates = {
    controlPlaneHour: 0,
    nodeHour: {},
    addonHour: {},
    storageGbHour: hourly(STORAGE_GB_MONTH_CENTS),
    egressGb: EGRESS_GB_CENTS * 1000,
  };
  for (const entry of quote.lines) {
    if (entry.kind === 'control_plane' || entry.kind === 'ha_control_plane') {
      rates.controlPlaneHour += hourly(entry.unitMonthly);
    } else if (entry.kind === 'nodes') {
      rates.nodeHour[entry.ref] = hourly(entry.unitMonthly);
    } else if (entry.kind === 'addon') {
      rates.addonHour[entry.ref] = hourly(entry.monthly);
    }
  }
  return rates;
}

/** Millicents to whole cents, half up: once per bill line, never per record. */
export const millicentsToCents = (millicents: number) => divideRounded(millicents, 1000);

/**
 * The unused part of a prepaid amount when `remainingHours` of the period's `periodHours` are
 * left: prorated by whole hours and rounded down, so a credit never exceeds what was paid.
 */
export function proratedCredit(
  periodAmountCents: number,
  remainingHours: number,
  periodHours: number,
): number {
  if (periodHours <= 0 || remainingHours <= 0 || periodAmountCents <= 0) return 0;
  const hours = Math.min(remainingHours, periodHours);
  return Math.floor((periodAmountCents * hours) / periodHours);
}

/**
 * What the rest of a period costs of a period's amount, when something joins it with
 * `remainingHours` of its `periodHours` left (an add-on installed mid-period): prorated by the
 * same whole hours as `proratedCredit` and rounded half up, so that removing it again at once
 * never credits more than was charged.
 */
export function proratedCharge(
  periodAmountCents: number,
  remainingHours: number,
  periodHours: number,
): number {
  if (periodHours <= 0 || remainingHours <= 0 || periodAmountCents <= 0) return 0;
  const hours = Math.min(remainingHours, periodHours);
  return divideRounded(periodAmountCents * hours, periodHours);
}

/**
 * The high-availability control plane's line for a cluster as configured (the tier's HA price
 * in its region, both cycles), as a cluster ordered with HA would carry it; null for a tier that
 * offers no HA.
 */
export function priceHaLine(config: ClusterConfig, catalog: Catalog): PriceLine | null {
  const tier = catalog.tiers.find((candidate) => candidate.slug === config.tier);
  if (!tier || tier.haControlPlanePriceMonthly == null) return null;
  const withHa = priceCluster({ ...config, haControlPlane: true }, catalog);
  return withHa.lines.find((entry) => entry.kind === 'ha_control_plane') ?? null;
}

/**
 * An add-on's line for a cluster as configured: once per cluster, or once per node of its pools,
 * at the catalog's price for both cycles.
 */
export function priceAddonLine(config: ClusterConfig, slug: string, catalog: Catalog): PriceLine {
  const quote = priceCluster({ ...config, addons: [slug] }, catalog);
  return must(
    quote.lines.find((entry) => entry.kind === 'addon' && entry.ref === slug),
    `add-on ${slug}`,
  );
}
