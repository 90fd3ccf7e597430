import { describe, expect, it } from 'vitest';
import type { Catalog } from '@alpenkube/contract/catalog';
import { clusterConfigSchema } from '@alpenkube/contract/cluster-config';
import { priceCluster } from '@alpenkube/contract/pricing';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import realCatalog from './alpenkube-catalog.fixture.json';
import { catalogCountries } from './location-rules';
import { suggestCluster } from './suggest-cluster';
import { availabilities, dataLocations, environments, type WorkloadAnswers } from './workload';

/** The document GET /api/catalog answers with the platform's own catalog. */
const REAL = realCatalog as Catalog;

const answers = (overrides: Partial<WorkloadAnswers> = {}): WorkloadAnswers => ({
  environment: 'production',
  vcpu: 8,
  memoryGib: 32,
  gpu: false,
  dataLocation: 'eu',
  country: '',
  availability: 'business_hours',
  analytics: false,
  ...overrides,
});

const suggest = (overrides: Partial<WorkloadAnswers>, catalog = REAL) => {
  const suggestion = suggestCluster(answers(overrides), catalog);
  if (!suggestion) throw new Error('no suggestion');
  return suggestion;
};

describe('suggestCluster: the tier', () => {
  it.each<[string, Partial<WorkloadAnswers>, string]>([
    ['a GPU workload', { gpu: true }, 'ai'],
    ['a GPU experiment', { gpu: true, environment: 'experiment' }, 'ai'],
    ['critical 24x7 production', { availability: 'critical' }, 'red'],
    ['production in business hours', {}, 'blue'],
    ['production that tolerates a pause', { availability: 'best_effort' }, 'green'],
    ['a critical staging cluster', { environment: 'staging', availability: 'critical' }, 'blue'],
    ['staging', { environment: 'staging' }, 'orange'],
    ['development', { environment: 'development', availability: 'best_effort' }, 'orange'],
    ['analytics in production', { analytics: true }, 'data'],
    ['analytics in staging', { analytics: true, environment: 'staging' }, 'data'],
    ['analytics in development', { analytics: true, environment: 'development' }, 'orange'],
    [
      'a small experiment',
      { environment: 'experiment', availability: 'best_effort', vcpu: 1, memoryGib: 2 },
      'sandbox',
    ],
    [
      'an experiment too large for the sandbox',
      { environment: 'experiment', availability: 'best_effort', vcpu: 8, memoryGib: 16 },
      'orange',
    ],
    [
      'an experiment too large for Dev/Test and Economy',
      { environment: 'experiment', availability: 'best_effort', vcpu: 100, memoryGib: 200 },
      'blue',
    ],
  ])('%s: %o gets %s', (_, given, tier) => {
    expect(suggest(given).tier.slug).toBe(tier);
  });

  it('gives GPU nodes to a GPU workload, enough for its CPU and memory', () => {
    const suggestion = suggest({ gpu: true, vcpu: 20, memoryGib: 100 });
    expect(suggestion.nodeSize.gpu).not.toBeNull();
    // 25 vCPU and 125 GiB: 4 L4 nodes (32 vCPU, 256 GiB) cost less than 2 H100 nodes.
    expect(suggestion.nodeSize.name).toBe('gpu-8vcpu-64gb-l4');
    expect(suggestion.nodeCount).toBe(4);
    expect(suggestion.reasons[0]).toBe(
      'You need GPUs: only AI/ML (Violet) has GPU nodes (NVIDIA L4, NVIDIA H100).',
    );
  });

  it('never gives GPU nodes to a workload without GPUs', () => {
    for (const environment of environments) {
      expect(suggest({ environment }).nodeSize.gpu).toBeNull();
    }
  });

  it('runs critical production on Enterprise with its HA control plane and at least 3 nodes', () => {
    const suggestion = suggest({ availability: 'critical', vcpu: 1, memoryGib: 1 });
    expect(suggestion.tier.slug).toBe('red');
    expect(suggestion.haControlPlane).toBe(true);
    expect(suggestion.nodeCount).toBeGreaterThanOrEqual(3);
    expect(suggestion.supportPlan.slug).toBe('business');
    expect(suggestion.reasons).toContain(
      'A critical cluster runs on at least 3 nodes, so it keeps serving while one of them fails.',
    );
    expect(suggestion.reasons).toContain(
      'Enterprise (Red) includes the highly available control plane over three zones.',
    );
  });

  it('adds the paid HA control plane to a critical cluster on a tier where it is extra', () => {
    const suggestion = suggest({ environment: 'staging', availability: 'critical' });
    expect(suggestion.tier.slug).toBe('blue');
    expect(suggestion.haControlPlane).toBe(true);
    expect(priceCluster(suggestion.config, REAL).lines.map((line) => line.kind)).toContain(
      'ha_control_plane',
    );
  });

  it('keeps a non-critical production cluster on a single-zone control plane', () => {
    expect(suggest({}).haControlPlane).toBe(false);
  });

  it('says why an analytics workload in development stays off the Data Analytics tier', () => {
    expect(suggest({ analytics: true, environment: 'development' }).reasons).toContain(
      'Data Analytics starts at 3 nodes of 8 vCPU and 32 GiB, more than a development cluster needs: the analytics run on a cheaper tier.',
    );
  });

  it('explains a tier that is too small before the one chosen', () => {
    const { reasons } = suggest({
      environment: 'experiment',
      availability: 'best_effort',
      vcpu: 8,
      memoryGib: 16,
    });
    expect(reasons[0]).toBe(
      'An experiment needs no SLA: Sandbox (Gray) is the cheapest way to run one.',
    );
    expect(reasons[1]).toBe(
      'Sandbox (Gray) holds at most 1 × s-2vcpu-4gb (2 vCPU and 4 GiB), less than the 10 vCPU and 20 GiB needed with headroom.',
    );
    expect(reasons[2]).toMatch(/is the cheapest way Dev\/Test \(Orange\) holds it\.$/);
  });
});

describe('suggestCluster: the nodes', () => {
  it('covers the CPU and memory asked with 25% headroom, at the lowest price', () => {
    const suggestion = suggest({ vcpu: 8, memoryGib: 32 });
    // 10 vCPU and 40 GiB: 10 small nodes ($480), 3 medium ($288) or 3 large ($576).
    expect(suggestion.required).toEqual({ vcpu: 10, memoryGib: 40 });
    expect(suggestion.nodeSize.name).toBe('m-4vcpu-16gb');
    expect(suggestion.nodeCount).toBe(3);
    expect(suggestion.reasons).toContain(
      '8 vCPU and 32 GiB plus 25% headroom is 10 vCPU and 40 GiB: 3 × m-4vcpu-16gb (12 vCPU and 48 GiB) is the cheapest way Standard (Blue) holds it.',
    );
  });

  it("says when the tier's minimum, not the workload, sets the node count", () => {
    const suggestion = suggest({ vcpu: 1, memoryGib: 1 });
    expect(suggestion.nodeCount).toBe(3);
    expect(suggestion.reasons).toContain(
      '1 vCPU and 1 GiB plus 25% headroom is 2 vCPU and 2 GiB: 3 × s-2vcpu-4gb (6 vCPU and 12 GiB) is the cheapest way Standard (Blue) holds it. Standard (Blue) starts at 3 nodes.',
    );
  });

  it.each([
    [{ vcpu: 30, memoryGib: 16 }, 'CPU'],
    [{ vcpu: 4, memoryGib: 200 }, 'memory'],
    [{ vcpu: 150, memoryGib: 600 }, 'both'],
  ])('holds %o (limited by %s) within the tier limits', (need) => {
    const suggestion = suggest(need);
    expect(suggestion.fits).toBe(true);
    expect(suggestion.capacity.vcpu).toBeGreaterThanOrEqual(need.vcpu * 1.25);
    expect(suggestion.capacity.memoryGib).toBeGreaterThanOrEqual(need.memoryGib * 1.25);
    expect(suggestion.nodeCount).toBeLessThanOrEqual(suggestion.tier.maxNodes);
    expect(suggestion.nodeCount).toBeGreaterThanOrEqual(suggestion.tier.minNodes);
  });

  it('stops at the largest tier at its node limit, and says so, for a workload past the catalog', () => {
    const suggestion = suggest({ availability: 'critical', vcpu: 10_000, memoryGib: 100_000 });
    expect(suggestion.fits).toBe(false);
    expect(suggestion.tier.slug).toBe('red');
    expect(suggestion.nodeCount).toBe(200);
    expect(suggestion.nodeSize.name).toBe('xl-16vcpu-64gb');
    expect(suggestion.reasons.join(' ')).toContain(
      'Even at its largest, Enterprise (Red) holds 200 × xl-16vcpu-64gb (3,200 vCPU and 12,800 GiB)',
    );
  });
});

describe('suggestCluster: the location', () => {
  it('prefers the sovereign cloud, in its lowest-priced region that fits', () => {
    const eu = suggest({ dataLocation: 'eu' });
    expect(eu.provider.slug).toBe('alpenkube');
    expect(eu.region).toMatchObject({ code: 'eu-se-sto', jurisdiction: 'eu' });
    expect(eu.reasons).toContain(
      "Your data must stay in the EU: Alpenkube Sovereign Cloud, the platform's own sovereign cloud, has Stockholm (eu-se-sto), its lowest-priced region under EU jurisdiction.",
    );
    expect(suggest({ dataLocation: 'anywhere' }).provider.slug).toBe('alpenkube');
  });

  it.each([
    ['DE', 'alpenkube', 'eu-de-fra'],
    ['CH', 'alpenkube', 'ch-zrh'],
    ['US', 'doks', 'nyc3'],
    ['GB', 'doks', 'lon1'],
    ['SG', 'cce', 'ap-southeast-3'],
  ])('keeps data in %s: %s %s', (country, provider, region) => {
    const suggestion = suggest({ dataLocation: 'country', country });
    expect(suggestion.provider.slug).toBe(provider);
    expect(suggestion.region.code).toBe(region);
    expect(suggestion.region.country).toBe(country);
  });

  it('says why it leaves the sovereign cloud', () => {
    expect(suggest({ dataLocation: 'country', country: 'US' }).reasons).toContain(
      "Your data must stay in the United States, where Alpenkube Sovereign Cloud has no region: DigitalOcean's New York (nyc3) is the lowest-priced one there.",
    );
  });
});

describe('suggestCluster: every answer gives a configuration the contract accepts', () => {
  const needs = [
    [1, 1],
    [2, 4],
    [8, 32],
    [40, 160],
    [300, 1200],
    [10_000, 100_000],
  ] as const;

  it.each([
    ['the platform catalog', REAL],
    ['the contract test catalog', TEST_CATALOG],
  ])('with %s', (_, catalog) => {
    const schema = clusterConfigSchema(catalog);
    const countries = catalogCountries(catalog).map((country) => country.code);
    const places = dataLocations.flatMap(
      (dataLocation): Pick<WorkloadAnswers, 'dataLocation' | 'country'>[] =>
        dataLocation === 'country'
          ? countries.map((country) => ({ dataLocation, country }))
          : [{ dataLocation, country: '' }],
    );
    let checked = 0;
    for (const environment of environments)
      for (const availability of availabilities)
        for (const gpu of [false, true])
          for (const analytics of [false, true])
            for (const place of places)
              for (const [vcpu, memoryGib] of needs) {
                const given = answers({
                  environment,
                  availability,
                  gpu,
                  analytics,
                  ...place,
                  vcpu,
                  memoryGib,
                });
                const suggestion = suggestCluster(given, catalog)!;
                const parsed = schema.safeParse(suggestion.config);
                expect(parsed.error?.issues ?? [], JSON.stringify(given)).toEqual([]);
                expect(priceCluster(suggestion.config, catalog).monthly).toBeGreaterThanOrEqual(0);
                expect(suggestion.reasons.every((reason) => /[.]$/.test(reason))).toBe(true);
                if (place.dataLocation === 'eu') expect(suggestion.region.jurisdiction).toBe('eu');
                if (place.dataLocation === 'country') {
                  expect(suggestion.region.country).toBe(place.country);
                }
                if (gpu) expect(suggestion.nodeSize.gpu).not.toBeNull();
                if (suggestion.fits) {
                  expect(suggestion.capacity.vcpu).toBeGreaterThanOrEqual(vcpu * 1.25);
                  expect(suggestion.capacity.memoryGib).toBeGreaterThanOrEqual(memoryGib * 1.25);
                }
                if (availability === 'critical' && suggestion.fits) {
                  expect(suggestion.nodeCount).toBeGreaterThanOrEqual(3);
                  expect(suggestion.haControlPlane).toBe(true);
                }
                checked += 1;
              }
    expect(checked).toBeGreaterThan(1000);
  });
});
