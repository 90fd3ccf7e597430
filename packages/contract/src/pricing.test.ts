import { describe, expect, it } from 'vitest';
import { clusterConfigSchema } from './cluster-config.ts';
import { TEST_CATALOG } from './pricing.fixture.ts';
import {
  applyPriceFactor,
  divideRounded,
  includedSupportPlan,
  priceAddonLine,
  priceCluster,
  proratedCharge,
  proratedCredit,
  yearlyDiscountPercent,
  type ClusterConfig,
} from './pricing.ts';

const base: ClusterConfig = {
  tier: 'blue',
  provider: 'alpenkube',
  region: 'eu-de-fra',
  kubernetesVersion: '1.37',
  nodePools: [{ name: 'workers', size: 's-2vcpu-4gb', count: 3 }],
  haControlPlane: false,
  addons: [],
  supportPlan: 'basic',
  billingCycle: 'monthly',
};

const amounts = (config: ClusterConfig) =>
  priceCluster(config, TEST_CATALOG).lines.map((line) => [line.kind, line.monthly, line.yearly]);

describe('support a tier includes', () => {
  const red: ClusterConfig = {
    ...base,
    tier: 'red',
    haControlPlane: true,
    nodePools: [{ name: 'workers', size: 'm-4vcpu-16gb', count: 3 }],
  };
  const catalog = {
    ...TEST_CATALOG,
    supportPlans: [
      ...TEST_CATALOG.supportPlans,
      {
        slug: 'enterprise',
        name: 'Enterprise',
        description: '',
        responseMinutes: { urgent: 15, high: 60, normal: 240, low: 480 },
        priceMonthly: 249900,
        priceYearly: 2499000,
      },
    ],
  };

  it("shows Red's Enterprise targets as an included line at no price, unless bought", () => {
    const included = priceCluster(red, catalog).lines.filter((l) => l.kind === 'support');
    expect(included.map((l) => [l.ref, l.monthly, l.yearly])).toEqual([
      ['basic', 0, 0],
      ['enterprise', 0, 0],
    ]);
    expect(included[1]!.description).toMatch(/^Enterprise response targets .* included with/);
    expect(priceCluster(red, catalog).total).toBe(
      priceCluster({ ...red, supportPlan: 'basic' }, TEST_CATALOG).total,
    );
    expect(includedSupportPlan('red', 'enterprise', catalog)).toBeNull();
    expect(includedSupportPlan('blue', 'basic', catalog)).toBeNull();
  });
});

describe('rounding', () => {
  it('rounds half up to a whole cent, with integers only', () => {
    expect(applyPriceFactor(1, 15000)).toBe(2);
    expect(applyPriceFactor(1, 14999)).toBe(1);
    expect(applyPriceFactor(5, 11000)).toBe(6);
    expect(applyPriceFactor(3, 11500)).toBe(3);
    expect(applyPriceFactor(4800, 10000)).toBe(4800);
    expect(applyPriceFactor(900, 13333)).toBe(1200);
    expect(divideRounded(-3, 2)).toBe(-1);
    expect(divideRounded(7, 7)).toBe(1);
  });

  it("gives the spec's yearly discount percent, 0 when a price is missing", () => {
    expect(yearlyDiscountPercent(10000, 102000)).toBe(15);
    expect(yearlyDiscountPercent(10000, 120000)).toBe(0);
    expect(yearlyDiscountPercent(0, 1000)).toBe(0);
    expect(yearlyDiscountPercent(1000, 0)).toBe(0);
    // 12.5% rounds up, like Math.round.
    expect(yearlyDiscountPercent(1000, 10500)).toBe(13);
  });
});

describe('priceCluster pins', () => {
  it('Blue, own cloud, three small nodes, monitoring, Basic', () => {
    const quote = priceCluster({ ...base, addons: ['monitoring'] }, TEST_CATALOG);
    expect(
      quote.lines.map((line) => [line.kind, line.quantity, line.monthly, line.yearly]),
    ).toEqual([
      ['control_plane', 1, 7200, 73440],
      ['nodes', 3, 14400, 146880],
      ['addon', 1, 2900, 29000],
      ['support', 1, 0, 0],
    ]);
    expect(quote).toMatchObject({
      currency: 'USD',
      regionFactorBasisPoints: 10000,
      monthly: 24500,
      yearly: 249320,
      yearlyDiscountPercent: 15,
      total: 24500,
    });
  });

  it('Red on GKE Frankfurt (×1.20), two pools, HA included, per-node add-ons, Business', () => {
    const quote = priceCluster(
      {
        ...base,
        tier: 'red',
        provider: 'gke',
        region: 'europe-west3',
        haControlPlane: true,
        nodePools: [
          { name: 'general', size: 'm-4vcpu-16gb', count: 3 },
          { name: 'batch', size: 'l-8vcpu-32gb', count: 2, autoscaleMin: 1, autoscaleMax: 6 },
        ],
        addons: ['backup', 'service-mesh'],
        supportPlan: 'business',
      },
      TEST_CATALOG,
    );
    expect(
      quote.lines.map((line) => [line.kind, line.quantity, line.monthly, line.yearly]),
    ).toEqual([
      ['control_plane', 1, 35880, 344448],
      ['ha_control_plane', 1, 0, 0],
      ['nodes', 3, 34560, 331776],
      ['nodes', 2, 46080, 442368],
      ['addon', 5, 2000, 20000],
      ['addon', 5, 3000, 30000],
      ['support', 1, 49900, 499000],
    ]);
    expect(quote).toMatchObject({ monthly: 171420, yearly: 1667592, yearlyDiscountPercent: 19 });
  });

  it('AI/ML on GKE Virginia (×1.10), two H100 nodes, HA, paid yearly: rounding per unit', () => {
    const quote = priceCluster(
      {
        ...base,
        tier: 'ai',
        provider: 'gke',
        region: 'us-east4',
        haControlPlane: true,
        nodePools: [
          {
            name: 'gpu',
            size: 'gpu-16vcpu-128gb-h100',
            count: 2,
            autoscaleMin: 1,
            autoscaleMax: 4,
          },
        ],
        addons: ['gpu-operator'],
        billingCycle: 'yearly',
      },
      TEST_CATALOG,
    );
    expect(quote.lines.map((line) => [line.kind, line.unitYearly, line.yearly])).toEqual([
      ['control_plane', 77933, 77933],
      ['ha_control_plane', 155866, 155866],
      ['nodes', 3787318, 7574636],
      ['addon', 0, 0],
      ['support', 0, 0],
    ]);
    expect(quote).toMatchObject({
      monthly: 793540,
      yearly: 7808435,
      yearlyDiscountPercent: 18,
      billingCycle: 'yearly',
      total: 7808435,
    });
  });

  it('Sandbox in a region with an odd factor: a tier without yearly discount saves 0%', () => {
    expect(
      amounts({
        ...base,
        tier: 'sandbox',
        provider: 'odd',
        region: 'third',
        nodePools: [{ name: 'one', size: 's-2vcpu-4gb', count: 1 }],
      }),
    ).toEqual([
      ['control_plane', 0, 0],
      ['nodes', 1200, 14400],
      ['support', 0, 0],
    ]);
    const quote = priceCluster(
      { ...base, tier: 'sandbox', nodePools: [{ name: 'one', size: 's-2vcpu-4gb', count: 1 }] },
      TEST_CATALOG,
    );
    expect(quote.yearlyDiscountPercent).toBe(0);
  });

  it('refuses a name the catalog does not know rather than pricing it as free', () => {
    expect(() => priceCluster({ ...base, tier: 'gold' }, TEST_CATALOG)).toThrow(/tier gold/);
  });
});

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function validConfig(next: () => number): ClusterConfig {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const tier = pick(TEST_CATALOG.tiers);
  const provider = pick(TEST_CATALOG.providers);
  const poolCount = Math.min(between(1, 3), tier.maxNodes);
  // Split a total within the tier's limits over the pools, each at least one node.
  const total = between(Math.max(tier.minNodes, poolCount), Math.min(tier.maxNodes, 60));
  const counts = Array.from({ length: poolCount }, () => 1);
  for (let left = total - poolCount; left > 0; left--) counts[between(0, poolCount - 1)]! += 1;
  return {
    tier: tier.slug,
    provider: provider.slug,
    region: pick(provider.regions).code,
    kubernetesVersion: pick(TEST_CATALOG.kubernetesVersions).minor,
    nodePools: counts.map((count, index) => {
      const autoscale = next() < 0.5;
      return {
        name: `pool-${index}`,
        size: pick(tier.nodeSizes).name,
        count,
        ...(autoscale
          ? { autoscaleMin: between(0, count), autoscaleMax: between(count, tier.maxNodes) }
          : {}),
      };
    }),
    // Where the tier includes it, always; where it is extra, by chance.
    haControlPlane:
      tier.haControlPlanePriceMonthly === 0 ||
      (tier.haControlPlanePriceMonthly !== null && next() < 0.5),
    addons: TEST_CATALOG.addons
      .filter((addon) => addon.compatibleTiers.includes(tier.slug) && next() < 0.5)
      .map((addon) => addon.slug),
    supportPlan: pick(TEST_CATALOG.supportPlans).slug,
    billingCycle: next() < 0.5 ? 'monthly' : 'yearly',
  };
}

describe('priceCluster over many valid configurations', () => {
  it('totals are the sums of the lines, lines are quantity × unit, nothing is negative', () => {
    const next = random(20261123);
    const schema = clusterConfigSchema(TEST_CATALOG);
    for (let run = 0; run < 2000; run++) {
      const config = validConfig(next);
      const checked = schema.safeParse(config);
      expect(checked.success, JSON.stringify([config, checked.error?.issues])).toBe(true);
      const quote = priceCluster(config, TEST_CATALOG);
      const sum = (key: 'monthly' | 'yearly') =>
        quote.lines.reduce((total, line) => total + line[key], 0);
      expect(quote.monthly).toBe(sum('monthly'));
      expect(quote.yearly).toBe(sum('yearly'));
      // An hourly tier (the sandbox) charges only its support line up front.
      const upfront = quote.hourly
        ? quote.lines.filter((line) => line.kind === 'support')
        : quote.lines;
      const cycle = config.billingCycle === 'yearly' ? 'yearly' : 'monthly';
      expect(quote.total).toBe(upfront.reduce((total, line) => total + line[cycle], 0));
      expect(quote.hourly !== null).toBe(config.tier === 'sandbox');
      for (const line of quote.lines) {
        expect(line.monthly).toBe(line.quantity * line.unitMonthly);
        expect(line.yearly).toBe(line.quantity * line.unitYearly);
        expect(Number.isSafeInteger(line.monthly) && line.monthly >= 0).toBe(true);
        expect(Number.isSafeInteger(line.yearly) && line.yearly >= 0).toBe(true);
      }
      expect(quote.monthly).toBeGreaterThanOrEqual(0);
      expect(quote.yearlyDiscountPercent).toBeGreaterThanOrEqual(0);
      expect(quote.yearlyDiscountPercent).toBeLessThanOrEqual(100);
    }
  });
});

describe('an add-on joining a period', () => {
  it('prices an add-on per cluster once, per node for every node of the pools', () => {
    const twoPools = {
      ...base,
      nodePools: [...base.nodePools, { name: 'batch', size: 's-2vcpu-4gb', count: 2 }],
    };
    expect(priceAddonLine(twoPools, 'monitoring', TEST_CATALOG)).toMatchObject({
      quantity: 1,
      monthly: 2900,
      yearly: 29000,
    });
    expect(priceAddonLine(twoPools, 'backup', TEST_CATALOG)).toMatchObject({
      quantity: 5,
      unitMonthly: 400,
      monthly: 2000,
    });
  });

  it('charges the whole hours left, half up, never more than the period nor less than its credit', () => {
    expect(proratedCharge(1200, 100, 720)).toBe(167); // 166.67
    expect(proratedCharge(1200, 1, 720)).toBe(2); // 1.67
    expect(proratedCharge(2900, 900, 720)).toBe(2900);
    expect(proratedCharge(2900, 0, 720)).toBe(0);
    expect(proratedCharge(2900, 10, 0)).toBe(0);
    for (const hours of [1, 7, 100, 359, 719]) {
      expect(proratedCharge(2900, hours, 720)).toBeGreaterThanOrEqual(
        proratedCredit(2900, hours, 720),
      );
    }
  });
});
