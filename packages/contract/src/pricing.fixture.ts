/**
 * A small catalog for the engine's and the schema's unit tests, and for the web app's tests of
 * the estimator and the wizard: the real prices of a few tiers, providers and add-ons, written out
 * so that the expected figures can be checked by hand.
 */
import type { Catalog } from './catalog.ts';
import type { Tier } from './platform.ts';

type Size = [name: string, monthly: number, gpu?: string];

const yearly = (monthly: number, discountPercent: number) =>
  Math.round((monthly * 12 * (100 - discountPercent)) / 100);

function tier(
  slug: string,
  name: string,
  discount: number,
  controlPlane: number,
  ha: number | null,
  [minNodes, maxNodes]: [number, number],
  sizes: Size[],
): Tier {
  return {
    id: slug.length,
    slug,
    name,
    description: name,
    sla: '',
    features: [],
    nodeSizes: sizes.map(([sizeName, monthly, gpu]) => ({
      name: sizeName,
      vcpu: 2,
      memoryGb: 4,
      diskGb: 50,
      gpu: gpu ? { model: gpu, count: 1 } : null,
      priceMonthly: monthly,
      priceYearly: yearly(monthly, discount),
    })),
    nodePriceMonthly: sizes[0]![1],
    nodePriceYearly: yearly(sizes[0]![1], discount),
    controlPlanePriceMonthly: controlPlane,
    controlPlanePriceYearly: yearly(controlPlane, discount),
    haControlPlanePriceMonthly: ha,
    haControlPlanePriceYearly: ha === null ? null : yearly(ha, discount),
    priceMonthly: 0,
    priceYearly: 0,
    minNodes,
    maxNodes,
  };
}

const region = (
  code: string,
  [city, country]: [string, string],
  priceFactorBasisPoints: number,
  jurisdiction: 'eu' | 'non_eu',
) => ({ code, city, country, jurisdiction, priceFactorBasisPoints });

const addon = (
  slug: string,
  priceMonthly: number,
  unit: 'cluster' | 'node',
  compatibleTiers: string[],
) => ({
  id: slug.length,
  slug,
  name: slug,
  category: '',
  description: '',
  priceMonthly,
  priceYearly: priceMonthly * 10,
  unit,
  compatibleTiers,
});

export const TEST_CATALOG: Catalog = {
  currency: 'USD',
  tiers: [
    tier(
      'blue',
      'Standard (Blue)',
      15,
      7200,
      14400,
      [3, 50],
      [
        ['s-2vcpu-4gb', 4800],
        ['m-4vcpu-16gb', 9600],
        ['l-8vcpu-32gb', 19200],
      ],
    ),
    tier(
      'red',
      'Enterprise (Red)',
      20,
      29900,
      0,
      [3, 200],
      [
        ['m-4vcpu-16gb', 9600],
        ['l-8vcpu-32gb', 19200],
        ['xl-16vcpu-64gb', 38400],
      ],
    ),
    tier(
      'green',
      'Economy (Green)',
      10,
      0,
      null,
      [2, 20],
      [
        ['s-2vcpu-4gb', 2900],
        ['m-4vcpu-16gb', 5800],
      ],
    ),
    tier(
      'ai',
      'AI/ML (Violet)',
      18,
      7200,
      14400,
      [1, 32],
      [
        ['gpu-8vcpu-64gb-l4', 89900, 'NVIDIA L4'],
        ['gpu-16vcpu-128gb-h100', 349900, 'NVIDIA H100'],
      ],
    ),
    tier('sandbox', 'Sandbox (Gray)', 0, 0, null, [1, 1], [['s-2vcpu-4gb', 900]]),
  ],
  providers: [
    {
      slug: 'alpenkube',
      name: 'Alpenkube Sovereign Cloud',
      service: 'Alpenkube Kubernetes',
      isDefault: true,
      regions: [
        region('eu-de-fra', ['Frankfurt', 'DE'], 10000, 'eu'),
        region('eu-se-sto', ['Stockholm', 'SE'], 9500, 'eu'),
      ],
    },
    {
      slug: 'gke',
      name: 'Google Cloud',
      service: 'GKE',
      isDefault: false,
      regions: [
        region('europe-west3', ['Frankfurt', 'DE'], 12000, 'eu'),
        region('us-east4', ['Ashburn', 'US'], 11000, 'non_eu'),
      ],
    },
    {
      slug: 'odd',
      name: 'Odd factors',
      service: 'ODD',
      isDefault: false,
      regions: [region('third', ['Vienna', 'AT'], 13333, 'eu')],
    },
  ],
  kubernetesVersions: [
    {
      minor: '1.37',
      latestPatch: '1.37.2',
      patches: [
        { patch: '1.37.2', releasedOn: '2026-11-10' },
        { patch: '1.37.3', releasedOn: '2026-12-09' },
      ],
      endOfSupport: '2027-10-28',
      isDefault: true,
    },
    {
      minor: '1.36',
      latestPatch: '1.36.5',
      patches: [{ patch: '1.36.5', releasedOn: '2026-11-10' }],
      endOfSupport: '2027-06-28',
      isDefault: false,
    },
    {
      minor: '1.35',
      latestPatch: '1.35.9',
      patches: [{ patch: '1.35.9', releasedOn: '2026-11-10' }],
      endOfSupport: '2027-02-28',
      isDefault: false,
    },
  ],
  addons: [
    addon('monitoring', 2900, 'cluster', ['blue', 'red', 'green', 'ai', 'sandbox']),
    addon('backup', 400, 'node', ['blue', 'red', 'green', 'ai']),
    addon('service-mesh', 600, 'node', ['blue', 'red', 'ai']),
    addon('gpu-operator', 0, 'node', ['ai']),
  ],
  supportPlans: [
    {
      slug: 'basic',
      name: 'Basic',
      description: '',
      responseMinutes: { urgent: null, high: null, normal: 1440, low: 2880 },
      priceMonthly: 0,
      priceYearly: 0,
    },
    {
      slug: 'business',
      name: 'Business',
      description: '',
      responseMinutes: { urgent: 60, high: 240, normal: 480, low: 1440 },
      priceMonthly: 49900,
      priceYearly: 499000,
    },
  ],
};
