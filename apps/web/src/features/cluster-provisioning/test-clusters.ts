import type { Cluster, ClusterEvent, ClusterNode } from '@alpenkube/contract';

/** A cluster being built, as `GET /api/clusters/:id` answers it; tests override what they are about. */
export function testCluster(overrides: Partial<Cluster> = {}): Cluster {
  return {
    id: 12,
    name: 'prod-eu',
    status: 'provisioning',
    statusReason: null,
    tier: { slug: 'blue', name: 'Standard (Blue)' },
    provider: { slug: 'gke', name: 'Google GKE', simulated: true },
    region: { code: 'europe-west3', city: 'Frankfurt', country: 'DE', jurisdiction: 'eu' },
    kubernetesVersion: '1.37',
    nodeCount: 3,
    monthlyCost: 45_000,
    billingCycle: 'monthly',
    operation: {
      kind: 'provision',
      progress: 40,
      step: 'Starting the control plane',
      startedAt: '2026-03-01T10:00:00.000Z',
    },
    tags: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:01:00.000Z',
    kubernetesPatch: '1.37.2',
    haControlPlane: false,
    nodePools: [
      {
        id: 3,
        name: 'general',
        size: 'm-4vcpu-16gb',
        count: 3,
        autoscaleMin: null,
        autoscaleMax: null,
        labels: {},
        taints: [],
        nodes: [],
      },
    ],
    addons: [{ slug: 'monitoring', name: 'Monitoring' }],
    supportPlan: 'basic',
    endpoint: null,
    orderId: 41,
    upgrades: [],
    trialEndsAt: null,
    idleDeletionAt: null,
    expiresAt: null,
    sleepSchedule: null,
    asleep: false,
    apiAllowlist: [],
    wokenUntil: null,
    vpc: { id: 1, name: 'default-sovereign-fra1', ipRange: '10.110.0.0/20' },
    maintenance: {
      day: 'sun',
      hour: 3,
      timeZone: 'Europe/Berlin',
      regionTimeZone: true,
      autoUpgrade: true,
      providerPatches: false,
      nextWindow: '2026-12-06T02:00:00.000Z',
      planned: null,
    },
    ...overrides,
  };
}

export function testNode(name: string, status: ClusterNode['status']): ClusterNode {
  return {
    name,
    status,
    zone: 'europe-west3-a',
    version: '1.37.2',
    createdAt: '2026-03-01T10:02:00.000Z',
  };
}

export function testEvent(id: number, overrides: Partial<ClusterEvent> = {}): ClusterEvent {
  return {
    id,
    clusterId: 12,
    kind: 'step',
    status: 'provisioning',
    message: `Event ${id}`,
    progress: null,
    actor: null,
    at: `2026-03-01T10:0${id % 10}:00.000Z`,
    ...overrides,
  };
}
