import { describe, expect, it } from 'vitest';
import { TIER_INCLUDED_SUPPORT_PLAN } from '@alpenkube/contract';
import { createFaultInjector } from '../providers/fault-injector.ts';
import { providerProfiles } from '../providers/provider-profiles.ts';
import { createSimulatedDriver } from '../providers/simulated-driver.ts';
import { ADDON_CATALOG } from './addon-catalog.ts';
import { SUPPORT_PLAN_CATALOG } from './support-plan-catalog.ts';
import { backupLine, TIER_BACKUPS, TIER_CATALOG } from './tier-catalog.ts';

/** The lines of docs/catalog-claims.md that state a figure or a fact of the catalog itself. */
const tier = (slug: string) => TIER_CATALOG.find((row) => row.slug === slug)!;
const sizes = (slug: string) => tier(slug).nodeSizes;

describe('the catalog says what its figures are', () => {
  it('Data Analytics: 32 or 64 GB of memory, up to 400 GB of disk, up to 100 nodes', () => {
    const data = tier('data');
    expect(data.features).toEqual(
      expect.arrayContaining([
        'Nodes with 32 or 64 GB of memory',
        'Up to 400 GB of disk per node',
        'Up to 100 nodes per cluster',
      ]),
    );
    expect(sizes('data').map((size) => size.memoryGb)).toEqual([32, 64]);
    expect(Math.max(...sizes('data').map((size) => size.diskGb))).toBe(400);
    expect(data.maxNodes).toBe(100);
  });

  it('AI/ML: L4 and H100 nodes, and the GPU operator an add-on at no charge for it', () => {
    expect(tier('ai').features).toEqual(
      expect.arrayContaining(['NVIDIA L4 and H100 nodes', 'GPU operator add-on at no charge']),
    );
    expect(sizes('ai').map((size) => size.gpu?.model)).toEqual(['NVIDIA L4', 'NVIDIA H100']);
    const operator = ADDON_CATALOG.find((addon) => addon.slug === 'gpu-operator')!;
    expect(operator.priceMonthlyCents).toBe(0);
    expect(operator.compatibleTiers).toContain('ai');
  });

  it('a free control plane costs nothing, and Sandbox has one node', () => {
    const free = TIER_CATALOG.filter((row) => row.features!.includes('Free control plane'));
    expect(free.map((row) => row.slug)).toEqual(['green', 'orange', 'sandbox']);
    for (const row of free) expect(row.controlPlanePriceMonthlyCents, row.slug).toBe(0);
    expect(tier('sandbox').features).toContain('One node');
    expect(tier('sandbox').maxNodes).toBe(1);
  });

  it('Enterprise (Red): HA included, and its etcd has three members on the simulated provider', () => {
    expect(tier('red').features).toEqual(
      expect.arrayContaining(['HA control plane over 3 zones', 'Three-member etcd']),
    );
    expect(tier('red').haControlPlanePriceMonthlyCents).toBe(0);
    const driver = createSimulatedDriver(providerProfiles.alpenkube!, {
      speed: 1,
      faults: createFaultInjector(),
      apiBaseUrl: 'https://127.0.0.1:6443',
    });
    const steps = driver.planCreate({
      id: 1,
      name: 'web',
      provider: 'alpenkube',
      region: 'eu-de-fra',
      tier: 'red',
      kubernetesVersion: '1.37',
      kubernetesPatch: '1.37.2',
      haControlPlane: true,
      nodePools: [],
      addons: [],
    });
    expect(steps.find((step) => step.key === 'etcd')?.done).toBe('etcd is healthy (3 members)');
    expect(steps.find((step) => step.key === 'control-plane')?.label).toBe(
      'Starting three control-plane replicas across zones',
    );
  });

  it('Blue, Red and Green state the backup schedule and retention the clusters module keeps', () => {
    expect(tier('blue').features).toContain('Daily etcd backups, kept 7 days');
    expect(tier('red').features).toContain('Hourly etcd backups, kept 30 days');
    expect(tier('green').features).toContain('Weekly etcd backups, kept 4 weeks');
    // Every tier that speaks of backups has a schedule, and its line is the schedule's.
    for (const row of TIER_CATALOG) {
      const says = [row.description, ...row.features!].some((text) => /backup/i.test(text));
      const policy = TIER_BACKUPS[row.slug];
      expect(Boolean(policy), row.slug).toBe(says);
      if (policy) expect(row.features, row.slug).toContain(backupLine(policy));
    }
  });

  it('the Enterprise support plan states its response targets', () => {
    const enterprise = SUPPORT_PLAN_CATALOG.find((plan) => plan.slug === 'enterprise')!;
    expect(enterprise.description).toMatch(/15 minutes for urgent tickets, an hour for high/);
    expect(enterprise.responseMinutes).toMatchObject({ urgent: 15, high: 60 });
  });

  it("Red's 24/7, 15-minute line: Enterprise targets on its clusters' tickets, in its price", () => {
    expect(tier('red').features).toContain(
      '24/7 support, 15-minute response (Enterprise targets, included)',
    );
    expect(TIER_INCLUDED_SUPPORT_PLAN.red).toBe('enterprise');
    const enterprise = SUPPORT_PLAN_CATALOG.find((plan) => plan.slug === 'enterprise')!;
    expect(enterprise.responseMinutes.urgent).toBe(15);
  });

  it('Basic and Business describe tickets with the targets they have, nothing more', () => {
    const plan = (slug: string) => SUPPORT_PLAN_CATALOG.find((row) => row.slug === slug)!;
    expect(plan('basic').description).toMatch(/a day for normal ones, two for low ones/);
    expect(plan('basic').responseMinutes).toMatchObject({ normal: 1440, low: 2880 });
    expect(plan('business').description).toMatch(/an hour for urgent ones, four hours for high/);
    expect(plan('business').responseMinutes).toMatchObject({ urgent: 60, high: 240 });
  });

  it('no tier, add-on or support plan makes a claim the platform withdrew', () => {
    const texts = [
      ...TIER_CATALOG.flatMap((row) => [row.description, row.sla, ...row.features!]),
      ...ADDON_CATALOG.map((addon) => addon.description),
      ...SUPPORT_PLAN_CATALOG.map((plan) => plan.description),
    ];
    const withdrawn =
      /autoscal|NVMe|Kubeflow|scale to zero|renewable|HDS|dedicated etcd|pre-installed|account manager|quarterly|second EU region|point-in-time|kept in step|load balancer|\bchat\b|phone|forum|business hours/i;
    expect(texts.filter((text) => withdrawn.test(text))).toEqual([]);
  });
});
