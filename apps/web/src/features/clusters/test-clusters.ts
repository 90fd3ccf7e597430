import type {
  Cluster,
  ClusterEvent,
  ClusterPage,
  ClusterSummary,
  NodePool,
} from '@alpenkube/contract';

/** A running cluster's summary as the API answers it; tests override what they are about. */
export function clusterSummary(overrides: Partial<ClusterSummary> = {}): ClusterSummary {
  return {
    id: 42,
    name: 'prod-eu',
    status: 'running',
    statusReason: null,
    tier: { slug: 'blue', name: 'Standard (Blue)' },
    provider: { slug: 'alpenkube', name: 'Alpenkube Sovereign Cloud', simulated: true },
    region: { code: 'eu-de-fra', city: 'Frankfurt', country: 'DE', jurisdiction: 'eu' },
    kubernetesVersion: '1.37',
    nodeCount: 3,
    monthlyCost: 45_000,
    billingCycle: 'monthly',
    operation: null,
    tags: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function nodePool(overrides: Partial<NodePool> = {}): NodePool {
  const name = overrides.name ?? 'general';
  const count = overrides.count ?? 3;
  return {
    id: 5,
    name,
    size: 'm-4vcpu-16gb',
    count,
    autoscaleMin: null,
    autoscaleMax: null,
    labels: {},
    taints: [],
    nodes: Array.from({ length: count }, (_, index) => ({
      name: `${name}-node-${index + 1}`,
      status: 'ready' as const,
      zone: `eu-de-fra-${'abc'[index % 3]}`,
      version: '1.37.2',
      createdAt: '2026-03-01T10:05:00.000Z',
    })),
    ...overrides,
  };
}

/** A whole running cluster with one pool of three nodes. */
export function cluster(overrides: Partial<Cluster> = {}): Cluster {
  return {
    ...clusterSummary(overrides),
    kubernetesPatch: '1.37.2',
    haControlPlane: false,
    nodePools: [nodePool()],
    addons: [{ slug: 'monitoring', name: 'Monitoring' }],
    supportPlan: 'basic',
    endpoint: 'https://127.0.0.1:5000/kube/42',
    orderId: 7,
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

export function clusterEvent(overrides: Partial<ClusterEvent> = {}): ClusterEvent {
  return {
    id: 1,
    clusterId: 42,
    kind: 'status',
    status: 'running',
    message: 'Cluster prod-eu is running',
    progress: null,
    actor: null,
    at: '2026-03-01T10:10:00.000Z',
    ...overrides,
  };
}

export function clusterPage(items: ClusterSummary[], overrides: Partial<ClusterPage> = {}) {
  return { items, total: items.length, page: 1, pageSize: 25, ...overrides } as ClusterPage;
}
