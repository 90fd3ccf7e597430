import type { Catalog, Tier } from '@alpenkube/contract';

/** A small catalog for the estimator's tests: four tiers of the real seven, two providers. */
function tier(
  slug: string,
  name: string,
  controlPlane: number,
  ha: number | null,
  [minNodes, maxNodes]: [number, number],
  sizes: [string, number][],
): Tier {
  return {
    id: slug.length,
    slug,
    name,
    description: `${name} clusters`,
    sla: '99.9%',
    features: [],
    nodeSizes: sizes.map(([sizeName, monthly]) => ({
      name: sizeName,
      vcpu: 2,
      memoryGb: 4,
      diskGb: 50,
      gpu: null,
      priceMonthly: monthly,
      priceYearly: monthly * 10,
    })),
    nodePriceMonthly: sizes[0]![1],
    nodePriceYearly: sizes[0]![1] * 10,
    controlPlanePriceMonthly: controlPlane,
    controlPlanePriceYearly: controlPlane * 10,
    haControlPlanePriceMonthly: ha,
    haControlPlanePriceYearly: ha === null ? null : ha * 10,
    priceMonthly: 0,
    priceYearly: 0,
    minNodes,
    maxNodes,
  };
}

const region = (code: string, factor: number, jurisdiction: 'eu' | 'non_eu') => ({
  code,
  city: code.toUpperCase(),
  country: 'DE',
  jurisdiction,
  priceFactorBasisPoints: factor,
});

const addon = (slug: string, priceMonthly: number, compatibleTiers: string[]) => ({
  id: slug.length,
  slug,
  name: `Add-on ${slug}`,
  category: 'Tools',
  description: '',
  priceMonthly,
  priceYearly: priceMonthly * 10,
  unit: 'cluster' as const,
  compatibleTiers,
});

export const testCatalog: Catalog = {
  currency: 'USD',
  tiers: [
    tier(
      'blue',
      'Standard (Blue)',
      7200,
      14400,
      [3, 50],
      [
        ['s-2vcpu-4gb', 4800],
        ['m-4vcpu-16gb', 9600],
      ],
    ),
    tier('red', 'Enterprise (Red)', 29900, 0, [3, 200], [['m-4vcpu-16gb', 9600]]),
    tier('green', 'Economy (Green)', 0, null, [2, 20], [['s-2vcpu-4gb', 2900]]),
    tier('sandbox', 'Sandbox (Gray)', 0, null, [1, 1], [['s-2vcpu-4gb', 900]]),
  ],
  providers: [
    {
      slug: 'alpenkube',
      name: 'Alpenkube Sovereign Cloud',
      service: 'Alpenkube Kubernetes',
      isDefault: true,
      regions: [region('eu-de-fra', 10000, 'eu'), region('ch-zrh', 11500, 'non_eu')],
    },
    {
      slug: 'gke',
      name: 'Google Cloud',
      service: 'GKE',
      isDefault: false,
      regions: [region('europe-west3', 12000, 'eu'), region('us-east4', 11000, 'non_eu')],
    },
  ],
  kubernetesVersions: [
    { minor: '1.36', latestPatch: '1.36.5', endOfSupport: '2027-06-28', isDefault: false },
    { minor: '1.37', latestPatch: '1.37.2', endOfSupport: '2027-10-28', isDefault: true },
  ],
  addons: [
    addon('monitoring', 2900, ['blue', 'red', 'green', 'sandbox']),
    addon('mesh', 5000, ['blue', 'red']),
  ],
  supportPlans: [
    {
      slug: 'basic',
      name: 'Basic',
      description: 'E-mail in office hours',
      responseMinutes: { critical: null, high: null, normal: 1440, low: 2880 },
      priceMonthly: 0,
      priceYearly: 0,
    },
    {
      slug: 'business',
      name: 'Business',
      description: 'Around the clock',
      responseMinutes: { critical: 60, high: 240, normal: 480, low: 1440 },
      priceMonthly: 49900,
      priceYearly: 499000,
    },
  ],
};
