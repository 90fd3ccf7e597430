import { eq } from 'drizzle-orm';
import { priceCluster, type Catalog, type ClusterStatus } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { clusterEvents, clusterNodePools, clusterNodes, clusters } from '../clusters/schema.ts';
import type { DemoServices } from './demo-services.ts';
import { shortId, zoneOf } from '../providers/index.ts';
import { vpcForNewCluster } from '../networks/index.ts';

const DAY = 86_400_000;

interface DemoCluster {
  name: string;
  tier: string;
  provider: string;
  region: string;
  version: string;
  ha: boolean;
  pools: { name: string; size: string; count: number }[];
  addons: string[];
  status: Extract<ClusterStatus, 'running' | 'degraded' | 'failed' | 'deleted'>;
  reason?: string;
  /** How long ago it was ordered, in days. */
  age: number;
  /** What happened after it ran, oldest first: [days ago, message]. */
  later?: [number, string][];
}

/**
 * The demo organization's clusters that already have a past: running, degraded, failed and
 * deleted ones on every provider, with the event log their life would have written. Those that
 * show work in progress (the paid demo order's cluster provisioning) go through the real
 * services instead and run live when the server starts.
 */
const DEMO_CLUSTERS: DemoCluster[] = [
  {
    name: 'eu-shop',
    tier: 'blue',
    provider: 'alpenkube',
    region: 'eu-de-fra',
    version: '1.37',
    ha: false,
    pools: [{ name: 'web', size: 'm-4vcpu-16gb', count: 3 }],
    addons: ['ingress-nginx', 'cert-manager'],
    status: 'running',
    age: 42,
    later: [[30, 'Pool web autoscales between 3 and 6 nodes']],
  },
  {
    name: 'ml-training',
    tier: 'ai',
    provider: 'gke',
    region: 'europe-west3',
    version: '1.37',
    ha: false,
    pools: [{ name: 'gpu', size: 'gpu-8vcpu-64gb-l4', count: 2 }],
    addons: ['gpu-operator', 'monitoring'],
    status: 'running',
    age: 20,
  },
  {
    name: 'payments-api',
    tier: 'red',
    provider: 'eks',
    region: 'eu-central-1',
    version: '1.37',
    ha: true,
    pools: [
      { name: 'api', size: 'l-8vcpu-32gb', count: 3 },
      { name: 'workers', size: 'm-4vcpu-16gb', count: 3 },
    ],
    addons: ['ingress-nginx', 'monitoring', 'backup', 'policy'],
    status: 'running',
    age: 90,
    later: [
      [12, 'Upgrading Kubernetes from 1.36.5 to 1.37.2'],
      [12, 'Cluster payments-api upgraded'],
    ],
  },
  {
    name: 'reporting',
    tier: 'data',
    provider: 'aks',
    region: 'westeurope',
    version: '1.36',
    ha: false,
    pools: [{ name: 'spark', size: 'l-8vcpu-32gb', count: 3 }],
    addons: ['monitoring'],
    status: 'degraded',
    reason: 'A node stopped reporting: its replacement is joining',
    age: 15,
  },
  {
    name: 'batch-jobs',
    tier: 'green',
    provider: 'iks',
    region: 'eu-de',
    version: '1.36',
    ha: false,
    pools: [{ name: 'batch', size: 's-2vcpu-4gb', count: 2 }],
    addons: [],
    status: 'running',
    age: 60,
  },
  {
    name: 'staging',
    tier: 'orange',
    provider: 'doks',
    region: 'ams3',
    version: '1.37',
    ha: false,
    pools: [{ name: 'general', size: 's-2vcpu-4gb', count: 2 }],
    addons: ['gitops'],
    status: 'running',
    age: 7,
  },
  {
    name: 'edge-za',
    tier: 'orange',
    provider: 'cce',
    region: 'af-south-1',
    version: '1.37',
    ha: false,
    pools: [{ name: 'edge', size: 's-2vcpu-4gb', count: 1 }],
    addons: [],
    status: 'failed',
    reason: 'No capacity in af-south-1 right now',
    age: 3,
  },
  {
    name: 'legacy-app',
    tier: 'green',
    provider: 'ack',
    region: 'eu-central-1',
    version: '1.35',
    ha: false,
    pools: [{ name: 'general', size: 's-2vcpu-4gb', count: 2 }],
    addons: [],
    status: 'deleted',
    age: 120,
    later: [[5, 'Deletion of legacy-app requested']],
  },
];

async function writeCluster(
  tx: Tx,
  services: Pick<DemoServices, 'providers'>,
  organizationId: number,
  demo: DemoCluster,
  catalog: Catalog,
) {
  const tier = catalog.tiers.find((candidate) => candidate.slug === demo.tier)!;
  const patch = catalog.kubernetesVersions.find((v) => v.minor === demo.version)!.latestPatch;
  const ordered = new Date(Date.now() - demo.age * DAY);
  const config = {
    tier: demo.tier,
    provider: demo.provider,
    region: demo.region,
    kubernetesVersion: demo.version,
    nodePools: demo.pools,
    haControlPlane: demo.ha,
    addons: demo.addons,
    supportPlan: 'basic',
    billingCycle: 'monthly' as const,
  };
  const gone = demo.status === 'deleted' || demo.status === 'failed';
  // Each region's default network, as the first cluster ordered there makes it.
  const vpc = await vpcForNewCluster(tx, organizationId, demo);
  const [cluster] = await tx
    .insert(clusters)
    .values({
      organizationId,
      name: demo.name,
      tierId: tier.id,
      provider: demo.provider,
      region: demo.region,
      kubernetesVersion: demo.version,
      kubernetesPatch: patch,
      haControlPlane: demo.ha,
      vpcId: vpc.id,
      addons: demo.status === 'failed' ? [] : demo.addons,
      status: demo.status,
      statusReason: demo.reason ?? null,
      // A cluster that never came up, or is gone, has no nodes and costs nothing.
      nodeCount: gone ? 0 : demo.pools.reduce((sum, pool) => sum + pool.count, 0),
      monthlyCostCents: gone ? 0 : priceCluster(config, catalog).monthly,
      createdAt: ordered,
      updatedAt: ordered,
      deletedAt: demo.status === 'deleted' ? new Date(Date.now() - 5 * DAY) : null,
    })
    .returning();
  const id = cluster!.id;
  if (!gone) {
    const endpoint = services.providers.driver(demo.provider).apiEndpoint({ id });
    await tx.update(clusters).set({ endpoint }).where(eq(clusters.id, id));
  }
  const at = (minutes: number) => new Date(ordered.getTime() + minutes * 60_000);
  const events: (typeof clusterEvents.$inferInsert)[] = [];
  const log = (
    minutes: number,
    status: ClusterStatus,
    kind: 'status' | 'step' | 'node' | 'retry' | 'error',
    message: string,
    progress: number | null = null,
  ) => events.push({ clusterId: id, status, kind, message, progress, createdAt: at(minutes) });
  log(0, 'ordered', 'status', `Cluster ${demo.name} ordered: provisioning starts shortly`, 0);
  log(0.1, 'provisioning', 'step', 'Provisioning started', 1);
  log(1, 'provisioning', 'step', `Network and subnets ready in ${demo.region}`, 8);
  if (demo.status === 'failed') {
    log(6, 'provisioning', 'step', 'Control plane is up', 60);
    for (const attempt of [2, 3, 4]) {
      log(
        6 + attempt,
        'provisioning',
        'retry',
        `Booting node: ${demo.reason}. Trying again (attempt ${attempt} of 4).`,
        70,
      );
    }
    log(
      14,
      'failed',
      'error',
      `Provisioning of ${demo.name} failed: ${demo.reason}. The amount paid was returned to the credit balance.`,
    );
  } else {
    log(6, 'provisioning', 'step', `Control plane is up (Kubernetes ${patch})`, 60);
    log(
      7,
      'provisioning',
      'step',
      `etcd is healthy (${demo.ha ? 3 : 1} member${demo.ha ? 's' : ''})`,
      70,
    );
  }

  let nodeIndex = 0;
  for (const pool of demo.pools) {
    const [row] = await tx
      .insert(clusterNodePools)
      .values({
        clusterId: id,
        name: pool.name,
        size: pool.size,
        count: pool.count,
        createdAt: ordered,
        removedAt: demo.status === 'deleted' ? new Date(Date.now() - 5 * DAY) : null,
      })
      .returning();
    if (demo.status === 'failed') continue;
    for (let index = 0; index < pool.count; index += 1) {
      const name = `${demo.name}-${pool.name}-${shortId(id, pool.name, index)}`;
      const zone = zoneOf(demo.region, nodeIndex);
      const joining = demo.status === 'degraded' && index === pool.count - 1;
      await tx.insert(clusterNodes).values({
        clusterId: id,
        poolId: row!.id,
        name,
        zone,
        status: joining ? 'joining' : 'ready',
        version: patch,
        createdAt: at(8 + nodeIndex),
        removedAt: demo.status === 'deleted' ? new Date(Date.now() - 5 * DAY) : null,
      });
      log(
        8 + nodeIndex,
        'provisioning',
        'node',
        `Node ${name} joined pool ${pool.name} in ${zone}`,
        75 + nodeIndex,
      );
      nodeIndex += 1;
    }
  }
  if (demo.status !== 'failed') {
    log(9 + nodeIndex, 'running', 'status', `Cluster ${demo.name} is running`, 100);
    for (const [daysAgo, message] of demo.later ?? []) {
      events.push({
        clusterId: id,
        status: 'running',
        kind: 'status',
        message,
        createdAt: new Date(Date.now() - daysAgo * DAY),
      });
    }
    if (demo.status === 'degraded') {
      events.push({
        clusterId: id,
        status: 'degraded',
        kind: 'error',
        message: `Cluster ${demo.name} is degraded: ${demo.reason}`,
        createdAt: new Date(Date.now() - 2 * 3_600_000),
      });
    }
    if (demo.status === 'deleted') {
      events.push({
        clusterId: id,
        status: 'deleted',
        kind: 'status',
        message: `Cluster ${demo.name} deleted`,
        progress: 100,
        createdAt: new Date(Date.now() - 5 * DAY + 600_000),
      });
    }
  }
  await tx.insert(clusterEvents).values(events);
}

/** Writes the demo organization's clusters with a past (see DEMO_CLUSTERS). */
export async function seedDemoClusters(services: DemoServices, organizationId: number) {
  const { value: catalog } = await services.catalog.catalog();
  await services.db.transaction(async (tx) => {
    for (const demo of DEMO_CLUSTERS) {
      // A demo cluster on a real provider (DigitalOcean with its token set) would be a record
      // of a cluster that does not exist there: the demo leaves it out.
      if (!services.providers.driver(demo.provider).simulated) continue;
      await writeCluster(tx, services, organizationId, demo, catalog);
    }
  });
}
