import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type {
  Catalog,
  Cluster,
  ClusterOrderConfig,
  ClusterSummary,
  ClusterTopology,
  NodePool,
} from '@alpenkube/contract';
import { clusterApiUpStatuses, IDLE_DELETION_TIERS } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusterNodePools, clusterNodes, clusters } from './schema.ts';
import type { DriverCluster, DriverVpc } from '../providers/index.ts';
import { vpcsByIds } from '../networks/index.ts';
import { maintenanceOf, upgradesOf } from './cluster-versions.ts';

export type ClusterRow = typeof clusters.$inferSelect;
type PoolRow = typeof clusterNodePools.$inferSelect;
type NodeRow = typeof clusterNodes.$inferSelect;

export interface PoolWithNodes extends PoolRow {
  nodes: NodeRow[];
  /** Every node name the pool ever had, removed ones included. */
  usedNames: string[];
}

/** The cluster's pools (removed ones excluded) with their nodes, in the order they were made. */
export async function loadPools(db: DbOrTx, clusterIds: number[]): Promise<PoolWithNodes[]> {
  if (clusterIds.length === 0) return [];
  const [pools, nodes] = await Promise.all([
    db
      .select()
      .from(clusterNodePools)
      .where(
        and(inArray(clusterNodePools.clusterId, clusterIds), isNull(clusterNodePools.removedAt)),
      )
      .orderBy(asc(clusterNodePools.id)),
    db
      .select()
      .from(clusterNodes)
      .where(inArray(clusterNodes.clusterId, clusterIds))
      .orderBy(asc(clusterNodes.id)),
  ]);
  return pools.map((pool) => {
    const own = nodes.filter((node) => node.poolId === pool.id);
    return {
      ...pool,
      nodes: own.filter((node) => node.removedAt === null),
      usedNames: own.map((node) => node.name),
    };
  });
}

/**
 * A node's CPU cores and memory by its size in the tier's catalog; a size the catalog no longer
 * lists counts as the smallest machine (2 vCPU, 4 GiB).
 */
export function nodeSizeOf(catalog: Catalog, tierId: number, size: string) {
  const found = tierOf(catalog, tierId).nodeSizes.find((candidate) => candidate.name === size);
  return { cpuCores: found?.vcpu ?? 2, memoryGiB: found?.memoryGb ?? 4 };
}

export function tierOf(catalog: Catalog, tierId: number) {
  const tier = catalog.tiers.find((candidate) => candidate.id === tierId);
  if (!tier) throw new Error(`Tier ${tierId} is not in the catalog`);
  return tier;
}

/** The VPC the cluster is in, as its driver is told about it; null once it is gone. */
export async function vpcOfCluster(db: DbOrTx, cluster: ClusterRow): Promise<DriverVpc | null> {
  if (cluster.vpcId === null) return null;
  return (await vpcsByIds(db, [cluster.vpcId])).get(cluster.vpcId) ?? null;
}

/**
 * The cluster as its provider's driver is told about it; with its VPC where the caller read it
 * (`vpcOfCluster`): the steps of an operation and the create's plan.
 */
export function toDriverCluster(
  cluster: ClusterRow,
  pools: PoolWithNodes[],
  catalog: Catalog,
  vpc?: DriverVpc | null,
): DriverCluster {
  return {
    ...(vpc
      ? { vpc: { id: vpc.id, name: vpc.name, region: vpc.region, ipRange: vpc.ipRange } }
      : {}),
    id: cluster.id,
    name: cluster.name,
    provider: cluster.provider,
    region: cluster.region,
    tier: tierOf(catalog, cluster.tierId).slug,
    kubernetesVersion: cluster.kubernetesVersion,
    kubernetesPatch: cluster.kubernetesPatch,
    haControlPlane: cluster.haControlPlane,
    addons: cluster.addons,
    nodePools: pools
      .filter((pool) => pool.clusterId === cluster.id)
      .map((pool) => ({
        id: pool.id,
        name: pool.name,
        size: pool.size,
        count: pool.count,
        nodes: pool.nodes.map(({ name, zone, version }) => ({ name, zone, version })),
        usedNames: pool.usedNames,
      })),
  };
}

/** The configuration the price engine and the catalog checks take, from the records. */
export function configOf(
  cluster: ClusterRow,
  pools: (Pick<PoolRow, 'name' | 'size' | 'count'> &
    Partial<Pick<PoolRow, 'autoscaleMin' | 'autoscaleMax'>>)[],
  catalog: Catalog,
) {
  return {
    tier: tierOf(catalog, cluster.tierId).slug,
    provider: cluster.provider,
    region: cluster.region,
    kubernetesVersion: cluster.kubernetesVersion,
    nodePools: pools.map((pool) => ({
      name: pool.name,
      size: pool.size,
      count: pool.count,
      ...(pool.autoscaleMin != null && pool.autoscaleMax != null
        ? { autoscaleMin: pool.autoscaleMin, autoscaleMax: pool.autoscaleMax }
        : {}),
    })),
    haControlPlane: cluster.haControlPlane,
    addons: cluster.addons,
    supportPlan: cluster.supportPlan,
    billingCycle: cluster.billingCycle,
  };
}

/** Whether a provider's driver is the embedded simulation: the pages say so. */
export type IsSimulated = (provider: string) => boolean;

export function toClusterSummary(
  cluster: ClusterRow,
  catalog: Catalog,
  isSimulated: IsSimulated,
): ClusterSummary {
  const tier = tierOf(catalog, cluster.tierId);
  const provider = catalog.providers.find((candidate) => candidate.slug === cluster.provider);
  const region = provider?.regions.find((candidate) => candidate.code === cluster.region);
  return {
    id: cluster.id,
    name: cluster.name,
    status: cluster.status,
    statusReason: cluster.statusReason,
    tier: { slug: tier.slug, name: tier.name },
    provider: {
      slug: cluster.provider,
      name: provider ? `${provider.name} (${provider.service})` : cluster.provider,
      simulated: isSimulated(cluster.provider),
    },
    region: {
      code: cluster.region,
      city: region?.city ?? cluster.region,
      country: region?.country ?? '',
      jurisdiction: region?.jurisdiction ?? 'non_eu',
    },
    kubernetesVersion: cluster.kubernetesVersion,
    nodeCount: cluster.nodeCount,
    monthlyCost: cluster.monthlyCostCents,
    billingCycle: cluster.billingCycle,
    tags: cluster.tags,
    operation:
      cluster.operationKind && cluster.operationStartedAt
        ? {
            kind: cluster.operationKind,
            progress: cluster.operationProgress ?? 0,
            step: cluster.operationStep,
            startedAt: cluster.operationStartedAt.toISOString(),
          }
        : null,
    createdAt: cluster.createdAt.toISOString(),
    updatedAt: cluster.updatedAt.toISOString(),
  };
}

function toNodePools(pools: PoolWithNodes[]): NodePool[] {
  return pools.map((pool) => ({
    id: pool.id,
    name: pool.name,
    size: pool.size,
    count: pool.count,
    autoscaleMin: pool.autoscaleMin,
    autoscaleMax: pool.autoscaleMax,
    labels: pool.labels,
    taints: pool.taints,
    nodes: pool.nodes.map((node) => ({
      name: node.name,
      status: node.status,
      zone: node.zone,
      version: node.version,
      createdAt: node.createdAt.toISOString(),
    })),
  }));
}

function addonsOf(cluster: ClusterRow, catalog: Catalog) {
  return cluster.addons.map((slug) => ({
    slug,
    name: catalog.addons.find((addon) => addon.slug === slug)?.name ?? slug,
  }));
}

const DAY_MS = 24 * 3_600_000;

/** The idle days of the cluster's tier, or null when it is never deleted for being unused. */
export function idleDaysOf(cluster: ClusterRow, catalog: Catalog): number | null {
  return IDLE_DELETION_TIERS[tierOf(catalog, cluster.tierId).slug]?.idleDays ?? null;
}

/** When the cluster is deleted if nobody uses it before; null if it never is. */
export function idleDeletionAt(cluster: ClusterRow, catalog: Catalog): Date | null {
  const days = idleDaysOf(cluster, catalog);
  if (days === null || !cluster.lastUsedAt) return null;
  if (['deleting', 'deleted', 'failed'].includes(cluster.status)) return null;
  return new Date(cluster.lastUsedAt.getTime() + days * DAY_MS);
}

export function toCluster(
  cluster: ClusterRow,
  pools: PoolWithNodes[],
  catalog: Catalog,
  isSimulated: IsSimulated,
  appliesCatalogPatches: (provider: string) => boolean,
  vpc: Cluster['vpc'] = null,
): Cluster {
  return {
    ...toClusterSummary(cluster, catalog, isSimulated),
    kubernetesPatch: cluster.kubernetesPatch,
    haControlPlane: cluster.haControlPlane,
    nodePools: toNodePools(pools),
    addons: addonsOf(cluster, catalog),
    supportPlan: cluster.supportPlan,
    endpoint: cluster.endpoint,
    orderId: cluster.orderId,
    upgrades: cluster.status === 'deleted' ? [] : upgradesOf(cluster.kubernetesVersion, catalog),
    trialEndsAt: cluster.trialEndsAt?.toISOString() ?? null,
    idleDeletionAt: idleDeletionAt(cluster, catalog)?.toISOString() ?? null,
    expiresAt: cluster.status === 'deleted' ? null : (cluster.expiresAt?.toISOString() ?? null),
    sleepSchedule: cluster.sleepSchedule,
    asleep: cluster.asleep,
    apiAllowlist: cluster.apiAllowlist,
    wokenUntil: cluster.wokenUntil?.toISOString() ?? null,
    maintenance: maintenanceOf(cluster, catalog, appliesCatalogPatches(cluster.provider)),
    vpc,
  };
}

export function toTopology(
  cluster: ClusterRow,
  pools: PoolWithNodes[],
  catalog: Catalog,
): ClusterTopology {
  return {
    id: cluster.id,
    name: cluster.name,
    status: cluster.status,
    controlPlane: {
      ha: cluster.haControlPlane,
      replicas: cluster.haControlPlane ? 3 : 1,
      version: cluster.kubernetesPatch,
      endpoint: cluster.endpoint,
      healthy: (clusterApiUpStatuses as readonly string[]).includes(cluster.status),
    },
    nodePools: toNodePools(pools),
    addons: addonsOf(cluster, catalog),
  };
}

export async function clusterById(db: DbOrTx, id: number) {
  const [cluster] = await db.select().from(clusters).where(eq(clusters.id, id));
  return cluster;
}

/**
 * A cluster's configuration as it is now, from its records (the pools and their counts, the
 * add-ons), in the shape a subscription's `paid_config` and the price engine take. Null when
 * the cluster is gone, or its tier is no longer in the catalog.
 */
export async function clusterConfigNow(
  tx: Tx,
  clusterId: number,
  catalog: Catalog,
): Promise<{ cluster: ClusterRow; config: ClusterOrderConfig } | null> {
  const [cluster] = await tx.select().from(clusters).where(eq(clusters.id, clusterId));
  if (!cluster) return null;
  const tier = catalog.tiers.find((candidate) => candidate.id === cluster.tierId);
  if (!tier) return null;
  const pools = await tx
    .select()
    .from(clusterNodePools)
    .where(and(eq(clusterNodePools.clusterId, clusterId), isNull(clusterNodePools.removedAt)))
    .orderBy(asc(clusterNodePools.id));
  return {
    cluster,
    config: {
      ...configOf(
        cluster,
        pools.filter((pool) => pool.count > 0),
        catalog,
      ),
      name: cluster.name,
    },
  };
}

/** How many clusters the organization has that are not deleted (the sidebar's count). */
export async function countClusters(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clusters)
    .where(inOrganization(clusters, organizationId, ne(clusters.status, 'deleted')));
  return row?.count ?? 0;
}

/** Whether the organization has clusters that renew: neither failed nor deleted. */
export async function hasRenewingClusters(db: DbOrTx, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(
      inOrganization(clusters, organizationId, notInArray(clusters.status, ['failed', 'deleted'])),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The organization's cluster's name and the support plan its order priced (a ticket about it);
 * null when the organization has no such cluster.
 */
export async function clusterBriefOf(db: DbOrTx, organizationId: number, id: number) {
  const [row] = await db
    .select({
      id: clusters.id,
      name: clusters.name,
      supportPlan: clusters.supportPlan,
      tierId: clusters.tierId,
    })
    .from(clusters)
    .where(inOrganization(clusters, organizationId, eq(clusters.id, id)));
  return row ?? null;
}

/** The names of clusters by id, deleted ones included, a page of them in one query. */
export async function clusterNamesOf(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: clusters.id, name: clusters.name })
    .from(clusters)
    .where(inArray(clusters.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
