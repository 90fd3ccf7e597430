import { describe, expect, it } from 'vitest';
import { catalogIssues } from '@alpenkube/contract/cluster-config';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import type { ClusterConfig } from '@alpenkube/contract/pricing';
import {
  addedPool,
  autoscaleBounds,
  changeProvider,
  configFromLink,
  findTier,
  firstRegion,
  fitToTier,
  haSwitchable,
  nextPoolName,
  nodeLimits,
} from './cluster-config-rules';

const catalog = TEST_CATALOG;
const tier = (slug: string) => findTier(catalog, slug)!;
const issuePaths = (config: ClusterConfig) =>
  catalogIssues(config, catalog).map((issue) => issue.path.join('.'));

const defaults: ClusterConfig = {
  tier: 'blue',
  provider: 'alpenkube',
  region: 'eu-de-fra',
  kubernetesVersion: '1.37',
  nodePools: [{ name: 'pool-1', size: 's-2vcpu-4gb', count: 3 }],
  haControlPlane: false,
  addons: [],
  supportPlan: 'basic',
  billingCycle: 'monthly',
};

describe('a configuration from a link', () => {
  it("fills what the link leaves out from the catalog's defaults", () => {
    expect(configFromLink({}, catalog, 'monthly')).toEqual(defaults);
    expect(configFromLink({}, catalog, 'yearly').billingCycle).toBe('yearly');
    // The provider's first region; the tier's smallest size at its minimum, its "from" price.
    expect(configFromLink({ provider: 'gke', tier: 'green' }, catalog, 'monthly')).toMatchObject({
      region: 'europe-west3',
      nodePools: [{ name: 'pool-1', size: 's-2vcpu-4gb', count: 2 }],
    });
    // The cheapest support plan, whatever the catalog's order.
    const reversed = { ...catalog, supportPlans: [...catalog.supportPlans].reverse() };
    expect(configFromLink({}, reversed, 'monthly').supportPlan).toBe('basic');
  });

  it('switches on an HA control plane the tier includes', () => {
    expect(configFromLink({ tier: 'red', billingCycle: 'yearly' }, catalog, 'monthly')).toEqual({
      ...defaults,
      tier: 'red',
      nodePools: [{ name: 'pool-1', size: 'm-4vcpu-16gb', count: 3 }],
      haControlPlane: true,
      billingCycle: 'yearly',
    });
  });

  it('keeps what the link gives, so the schema can say what the catalog refuses', () => {
    const link: ClusterConfig = {
      ...defaults,
      tier: 'green',
      provider: 'gke',
      region: 'nowhere',
      nodePools: [{ name: 'web', size: 'l-8vcpu-32gb', count: 60 }],
      haControlPlane: true,
      addons: ['service-mesh'],
    };
    expect(configFromLink(link, catalog, 'yearly')).toEqual(link);
    expect(issuePaths(link)).toEqual([
      'region',
      'nodePools.0.size',
      'nodePools.0.count',
      'nodePools.0.count',
      'haControlPlane',
      'addons.0',
    ]);
  });
});

describe('another tier', () => {
  const big: ClusterConfig = {
    ...defaults,
    nodePools: [
      { name: 'web', size: 'l-8vcpu-32gb', count: 30, autoscaleMin: 10, autoscaleMax: 40 },
      { name: 'batch', size: 's-2vcpu-4gb', count: 10 },
    ],
    haControlPlane: true,
    addons: ['monitoring', 'service-mesh', 'backup'],
  };

  it('drops the sizes and add-ons it lacks, and moves the counts into its limits', () => {
    const green = fitToTier(big, 'green', catalog);
    expect(green.config).toEqual({
      ...big,
      tier: 'green',
      nodePools: [
        { name: 'web', size: 's-2vcpu-4gb', count: 19, autoscaleMin: 10, autoscaleMax: 20 },
        { name: 'batch', size: 's-2vcpu-4gb', count: 1 },
      ],
      haControlPlane: false,
      addons: ['monitoring', 'backup'],
    });
    expect(green.droppedAddons).toEqual(['service-mesh']);
    expect(green.poolsChanged).toBe(true);
    expect(issuePaths(green.config)).toEqual([]);
    // Once it fits, nothing changes.
    const again = fitToTier(green.config, 'green', catalog);
    expect(again).toEqual({ config: green.config, droppedAddons: [], poolsChanged: false });
  });

  it('keeps only the pools a one-node tier can hold', () => {
    const sandbox = fitToTier(big, 'sandbox', catalog).config;
    expect(sandbox.nodePools).toEqual([
      { name: 'web', size: 's-2vcpu-4gb', count: 1, autoscaleMin: 1, autoscaleMax: 1 },
    ]);
    expect(issuePaths(sandbox)).toEqual([]);
  });

  it('grows the first pool to its minimum and switches an included HA control plane on', () => {
    const small = {
      ...defaults,
      tier: 'sandbox',
      nodePools: [{ ...defaults.nodePools[0]!, count: 1 }],
    };
    const red = fitToTier(small, 'red', catalog);
    expect(red.config.nodePools).toEqual([{ name: 'pool-1', size: 'm-4vcpu-16gb', count: 3 }]);
    expect(red.config.haControlPlane).toBe(true);
    expect(red.poolsChanged).toBe(true);
  });

  it('carries the fields of the configuration it does not know, and only renames an unknown tier', () => {
    const values = { ...defaults, name: 'prod', promoCode: '' };
    expect(fitToTier(values, 'ai', catalog).config).toMatchObject({ name: 'prod', tier: 'ai' });
    expect(fitToTier(values, 'nope', catalog)).toEqual({
      config: { ...values, tier: 'nope' },
      droppedAddons: [],
      poolsChanged: false,
    });
  });
});

describe('another provider', () => {
  const onGke = { ...defaults, provider: 'gke', region: 'us-east4' };

  it("takes the provider's first region, or the same code where it has it", () => {
    expect(changeProvider(defaults, 'gke', catalog)).toEqual({
      ...defaults,
      provider: 'gke',
      region: 'europe-west3',
    });
    const gke = catalog.providers.find((provider) => provider.slug === 'gke')!;
    const twin = { ...gke, slug: 'twin', regions: [...gke.regions].reverse() };
    const withTwin = { ...catalog, providers: [...catalog.providers, twin] };
    expect(changeProvider(onGke, 'twin', withTwin).region).toBe('us-east4');
  });

  it('keeps to the EU regions when only those are shown', () => {
    expect(changeProvider(onGke, 'gke', catalog, true).region).toBe('europe-west3');
    const usOnly = { ...catalog.providers[1]!, regions: [catalog.providers[1]!.regions[1]!] };
    expect(firstRegion(usOnly, true)).toBe('us-east4');
  });
});

describe('pools, autoscaling and the HA control plane', () => {
  it("adds a pool with the next free name, the tier's smallest size and one node", () => {
    expect(addedPool(defaults.nodePools, tier('blue'))).toEqual({
      name: 'pool-2',
      size: 's-2vcpu-4gb',
      count: 1,
    });
    const taken = [
      { name: 'pool-2', size: 's', count: 1 },
      { name: 'pool-3', size: 's', count: 1 },
    ];
    expect(nextPoolName(taken)).toBe('pool-4');
  });

  it("says a tier's node limits", () => {
    expect(nodeLimits(tier('blue'))).toBe('3 to 50 nodes');
    expect(nodeLimits(tier('sandbox'))).toBe('1 node');
  });

  it('autoscales from the count to twice it, within the tier', () => {
    expect(autoscaleBounds(4, tier('blue'))).toEqual({ autoscaleMin: 4, autoscaleMax: 8 });
    expect(autoscaleBounds(30, tier('blue'))).toEqual({ autoscaleMin: 30, autoscaleMax: 50 });
    expect(autoscaleBounds(Number.NaN, tier('blue'))).toEqual({ autoscaleMin: 1, autoscaleMax: 2 });
    expect(autoscaleBounds(3, undefined)).toEqual({ autoscaleMin: 3, autoscaleMax: 6 });
  });

  it('lets the HA control plane be chosen where it costs extra, and unticked where it is not offered', () => {
    expect([haSwitchable(tier('blue'), false), haSwitchable(tier('blue'), true)]).toEqual([
      true,
      true,
    ]);
    expect([haSwitchable(tier('red'), false), haSwitchable(tier('red'), true)]).toEqual([
      false,
      false,
    ]);
    expect([haSwitchable(tier('green'), false), haSwitchable(tier('green'), true)]).toEqual([
      false,
      true,
    ]);
  });
});
