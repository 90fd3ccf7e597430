import type { Catalog } from '@alpenkube/contract/catalog';
import type { Tier } from '@alpenkube/contract';

/** A small catalog for the wizard's tests: three tiers, two providers, the real shapes. */
function tier(
  slug: string,
  name: string,
  [minNodes, maxNodes]: [number, number],
  sizes: [string, number, string?][],
  ha: number | null,
): Tier {
  return {
    id: slug.length,
    slug,
    name,
    description: `${name} clusters`,
    sla: '99.9% API availability',
    features: [],
    nodeSizes: sizes.map(([sizeName, monthly, gpu]) => ({
      name: sizeName,
      vcpu: 2,
      memoryGb: 4,
      diskGb: 50,
      gpu: gpu ? { model: gpu, count: 1 } : null,
      priceMonthly: monthly,
      priceYearly: monthly * 10,
    })),
    nodePriceMonthly: sizes[0]![1],
    nodePriceYearly: sizes[0]![1] * 10,
    controlPlanePriceMonthly: 7200,
    controlPlanePriceYearly: 72000,
    haControlPlanePriceMonthly: ha,
    haControlPlanePriceYearly: ha === null ? null : ha * 10,
    priceMonthly: 0,
    priceYearly: 0,
    minNodes,
    maxNodes,
  };
}

const region = (code: string, city: string, country: string, eu: boolean, factor = 10_000) => ({
  code,
  city,
  country,
  jurisdiction: eu ? ('eu' as const) : ('non_eu' as const),
  priceFactorBasisPoints: factor,
});

const addon = (slug: string, name: string, priceMonthly: number, tiers: string[]) => ({
  id: slug.length,
  slug,
  name,
  category: 'ops',
  description: `${name} for the cluster`,
  priceMonthly,
  priceYearly: priceMonthly * 10,
  unit: 'cluster' as const,
  compatibleTiers: tiers,
});

export const testCatalog: Catalog = {
  currency: 'USD',
  tiers: [
    tier(
      'blue',
      'Standard (Blue)',
      [3, 50],
      [
        ['s-2vcpu-4gb', 4800],
        ['m-4vcpu-16gb', 9600],
      ],
      14400,
    ),
    tier('green', 'Economy (Green)', [2, 20], [['s-2vcpu-4gb', 2900]], null),
    tier('ai', 'AI/ML (Violet)', [1, 32], [['gpu-8vcpu-64gb-l4', 89900, 'NVIDIA L4']], 14400),
  ],
  providers: [
    {
      slug: 'alpenkube',
      name: 'Alpenkube Sovereign Cloud',
      service: 'Alpenkube Kubernetes',
      isDefault: true,
      regions: [
        region('eu-de-fra', 'Frankfurt', 'DE', true),
        region('eu-fr-par', 'Paris', 'FR', true),
      ],
    },
    {
      slug: 'gke',
      name: 'Google Cloud',
      service: 'GKE',
      isDefault: false,
      regions: [
        region('us-east4', 'Ashburn', 'US', false, 11_000),
        region('europe-west3', 'Frankfurt', 'DE', true, 12_000),
      ],
    },
  ],
  kubernetesVersions: [
    { minor: '1.35', latestPatch: '1.35.9', endOfSupport: '2027-02-28', isDefault: false },
    { minor: '1.37', latestPatch: '1.37.2', endOfSupport: '2027-10-28', isDefault: true },
    { minor: '1.36', latestPatch: '1.36.5', endOfSupport: '2027-06-28', isDefault: false },
  ],
  addons: [
    addon('monitoring', 'Monitoring', 2900, ['blue', 'green', 'ai']),
    addon('backup', 'Backup', 1500, ['blue', 'ai']),
    addon('gpu-operator', 'GPU operator', 0, ['ai']),
  ],
  supportPlans: [
    {
      slug: 'basic',
      name: 'Basic',
      description: 'Business hours',
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
