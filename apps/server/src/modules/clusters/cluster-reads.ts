import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { CLUSTER_PAGE_SIZE, type Catalog, type ClusterListQuery } from '@alpenkube/contract';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusterEvents, clusters } from './schema.ts';
import { toClusterEvent } from './cluster-events.ts';
import { findCluster, type ClusterContext } from './cluster-lookup.ts';
import { taggedWith } from './cluster-shape.ts';
import { vpcsByIds } from '../networks/index.ts';
import {
  loadPools,
  toCluster,
  toClusterSummary,
  toTopology,
  type ClusterRow,
} from './cluster-records.ts';

const sortOrders = {
  name: [asc(clusters.name)],
  '-name': [desc(clusters.name)],
  created: [asc(clusters.createdAt), asc(clusters.id)],
  '-created': [desc(clusters.createdAt), desc(clusters.id)],
  status: [asc(clusters.status), asc(clusters.name)],
  cost: [asc(clusters.monthlyCostCents), asc(clusters.id)],
  '-cost': [desc(clusters.monthlyCostCents), desc(clusters.id)],
} as const;

/** The most events a cluster's log answers: the newest ones. */
const EVENT_LOG_LIMIT = 500;
/** The most clusters the organization-wide topology draws. */
const TOPOLOGY_LIMIT = 50;

/** What members read of their organization's clusters. */
export function createClusterReads({ deps, catalogNow }: ClusterContext) {
  const { db, providers } = deps;
  const isSimulated = (slug: string) => providers.driver(slug).simulated;

  async function view(cluster: ClusterRow, catalog?: Catalog) {
    const [pools, networks] = await Promise.all([
      loadPools(db, [cluster.id]),
      vpcsByIds(db, cluster.vpcId === null ? [] : [cluster.vpcId]),
    ]);
    // A simulated cluster is in its VPC as recorded; a real one where its provider placed it
    // there (DOKS's create). Otherwise (GKE, a DOKS cluster made before its driver made VPCs) it
    // is in the provider's own default network, which the page says instead of a range.
    const vpc =
      cluster.vpcId === null || !(isSimulated(cluster.provider) || cluster.vpcAtProvider)
        ? undefined
        : networks.get(cluster.vpcId);
    return toCluster(
      cluster,
      pools,
      catalog ?? (await catalogNow()),
      isSimulated,
      (slug) => providers.driver(slug).appliesCatalogPatches,
      vpc ? { id: vpc.id, name: vpc.name, ipRange: vpc.ipRange } : null,
    );
  }

  return {
    view,

    async list(organizationId: number, query: ClusterListQuery) {
      const catalog = await catalogNow();
      const tierId = query.tier
        ? (catalog.tiers.find((tier) => tier.slug === query.tier)?.id ?? -1)
        : undefined;
      const conditions: (SQL | undefined)[] = [
        query.status ? eq(clusters.status, query.status) : ne(clusters.status, 'deleted'),
        tierId !== undefined ? eq(clusters.tierId, tierId) : undefined,
        query.provider ? eq(clusters.provider, query.provider) : undefined,
        query.region ? eq(clusters.region, query.region) : undefined,
        query.q ? ilike(clusters.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
        query.tag ? taggedWith(query.tag) : undefined,
      ];
      const where = inOrganization(clusters, organizationId, ...conditions);
      const pageSize = query.limit ?? CLUSTER_PAGE_SIZE;
      const page = query.page ?? 1;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(clusters)
          .where(where)
          .orderBy(...sortOrders[query.sort ?? '-created'])
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(clusters).where(where),
      ]);
      return {
        items: rows.map((row) => toClusterSummary(row, catalog, isSimulated)),
        total: total?.value ?? 0,
        page,
        pageSize,
      };
    },

    async get(organizationId: number, id: number) {
      return view(await findCluster(db, organizationId, id));
    },

    async events(organizationId: number, id: number) {
      await findCluster(db, organizationId, id);
      const rows = await db
        .select()
        .from(clusterEvents)
        .where(eq(clusterEvents.clusterId, id))
        .orderBy(desc(clusterEvents.id))
        .limit(EVENT_LOG_LIMIT);
      return rows.reverse().map(toClusterEvent);
    },

    async topology(organizationId: number, id: number) {
      const cluster = await findCluster(db, organizationId, id);
      return toTopology(cluster, await loadPools(db, [cluster.id]), await catalogNow());
    },

    async topologies(organizationId: number) {
      const catalog = await catalogNow();
      const rows = await db
        .select()
        .from(clusters)
        .where(inOrganization(clusters, organizationId, ne(clusters.status, 'deleted')))
        .orderBy(asc(clusters.name))
        .limit(TOPOLOGY_LIMIT);
      const pools = await loadPools(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) =>
        toTopology(
          row,
          pools.filter((pool) => pool.clusterId === row.id),
          catalog,
        ),
      );
    },
  };
}

/** How many clusters (not deleted) each VPC holds: what keeps a VPC from being deleted. */
export async function clustersInVpcs(db: DbOrTx, vpcIds: number[]): Promise<Map<number, number>> {
  if (!vpcIds.length) return new Map();
  const rows = await db
    .select({ vpcId: clusters.vpcId, count: count() })
    .from(clusters)
    .where(and(inArray(clusters.vpcId, vpcIds), ne(clusters.status, 'deleted')))
    .groupBy(clusters.vpcId);
  return new Map(rows.map((row) => [row.vpcId!, row.count]));
}
