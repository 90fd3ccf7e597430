import { asc, count, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import {
  CLUSTER_PAGE_SIZE,
  catalogIssues,
  priceCluster,
  type Catalog,
  type ClusterListQuery,
  type ClusterOrderConfig,
  type UpdateNodePool,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusterEvents, clusterNodePools, clusters } from '../../db/schema.ts';
import { conflict, invalidFields, notFound } from '../../lib/http-error.ts';
import type { Services } from '../../services.ts';
import { recordAudit } from '../audit/index.ts';
import { kubeApiServerUrl, kubeconfigYaml } from '../kube-api/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import type { DriverStep } from '../providers/index.ts';
import { createClusterAccess } from './cluster-access.ts';
import { logClusterEvent, toClusterEvent, type ClusterActor } from './cluster-events.ts';
import { createClusterOperations, type ClusterOrderHooks } from './cluster-operations.ts';
import {
  configOf,
  loadPools,
  toCluster,
  toClusterSummary,
  toDriverCluster,
  toTopology,
  upgradesOf,
  type ClusterRow,
  type PoolWithNodes,
} from './cluster-records.ts';
import { assertClusterAllows } from './cluster-states.ts';

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

const actorOf = (user: SessionUser): ClusterActor => ({
  id: user.id,
  name: user.name ?? user.username,
});

/** What the cluster costs a month, by the price engine, for the configuration it has now. */
function monthlyCost(cluster: ClusterRow, pools: PoolWithNodes[], catalog: Catalog) {
  return priceCluster({ ...configOf(cluster, pools, catalog), billingCycle: 'monthly' }, catalog)
    .monthly;
}

/** A change's configuration checked against the catalog: a 400 naming the field otherwise. */
function assertConfigAllowed(config: ReturnType<typeof configOf>, catalog: Catalog) {
  const issues = catalogIssues(config, catalog);
  if (issues.length) throw invalidFields(issues);
}

export function createClusterService(
  deps: Pick<
    Services,
    'db' | 'catalog' | 'jobs' | 'providers' | 'sealer' | 'config' | 'kubeApiTls'
  > & {
    orderHooks: ClusterOrderHooks;
  },
) {
  const { db, providers } = deps;
  const operations = createClusterOperations(deps);
  const access = createClusterAccess(db, deps.sealer);
  const catalogNow = async () => (await deps.catalog.catalog()).value;

  async function findIn(tx: Tx | typeof db, organizationId: number, id: number, lock = false) {
    const query = tx
      .select()
      .from(clusters)
      .where(inOrganization(clusters, organizationId, eq(clusters.id, id)));
    const [cluster] = lock ? await query.for('update') : await query;
    if (!cluster) throw notFound('Cluster not found');
    return cluster;
  }

  async function view(cluster: ClusterRow, catalog?: Catalog) {
    return toCluster(cluster, await loadPools(db, [cluster.id]), catalog ?? (await catalogNow()));
  }

  /**
   * A change that the provider applies: in one transaction, the cluster is locked and checked,
   * the records change (pools, counts, cost), the cluster becomes `updating`, the operation is
   * planned and queued, and the request is logged and audited.
   */
  async function change(
    actor: SessionUser,
    client: ClientInfo,
    id: number,
    options: {
      action: string;
      describe: (cluster: ClusterRow) => string;
      apply: (
        tx: Tx,
        cluster: ClusterRow,
        pools: PoolWithNodes[],
        catalog: Catalog,
      ) => Promise<{
        kind: Parameters<typeof operations.start>[2];
        plan: (pools: PoolWithNodes[]) => DriverStep[];
        details?: Record<string, unknown>;
      }>;
    },
  ) {
    const catalog = await catalogNow();
    const updated = await db.transaction(async (tx) => {
      const cluster = await findIn(tx, actor.organizationId, id, true);
      assertClusterAllows(cluster, 'change');
      const pools = await loadPools(tx, [cluster.id]);
      const { kind, plan, details } = await options.apply(tx, cluster, pools, catalog);
      const after = await loadPools(tx, [cluster.id]);
      const running = await operations.setStatus(tx, cluster, 'updating');
      const [costed] = await tx
        .update(clusters)
        .set({
          nodeCount: after.reduce((sum, pool) => sum + pool.count, 0),
          monthlyCostCents: monthlyCost(running, after, catalog),
        })
        .where(eq(clusters.id, cluster.id))
        .returning();
      const steps = plan(after);
      await operations.start(tx, costed!, kind, steps, actorOf(actor));
      await logClusterEvent(tx, costed!, {
        kind: 'status',
        message: options.describe(cluster),
        progress: 0,
        actor: actorOf(actor),
      });
      await recordAudit(tx, {
        action: options.action,
        outcome: 'success',
        actorUserId: actor.id,
        organizationId: actor.organizationId,
        targetType: 'cluster',
        targetId: cluster.id,
        ip: client.ip,
        userAgent: client.userAgent,
        details: details ?? {},
      });
      return costed!;
    });
    return view(updated, catalog);
  }

  const driverOf = (cluster: ClusterRow) => providers.driver(cluster.provider);

  function poolIn(pools: PoolWithNodes[], poolId: number) {
    const pool = pools.find((candidate) => candidate.id === poolId);
    if (!pool) throw notFound('Node pool not found');
    return pool;
  }

  return {
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
        items: rows.map((row) => toClusterSummary(row, catalog)),
        total: total?.value ?? 0,
        page,
        pageSize,
      };
    },

    async get(organizationId: number, id: number) {
      return view(await findIn(db, organizationId, id));
    },

    async events(organizationId: number, id: number) {
      await findIn(db, organizationId, id);
      const rows = await db
        .select()
        .from(clusterEvents)
        .where(eq(clusterEvents.clusterId, id))
        .orderBy(desc(clusterEvents.id))
        .limit(EVENT_LOG_LIMIT);
      return rows.reverse().map(toClusterEvent);
    },

    async topology(organizationId: number, id: number) {
      const cluster = await findIn(db, organizationId, id);
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

    async rename(actor: SessionUser, client: ClientInfo, id: number, name: string) {
      const renamed = await db.transaction(async (tx) => {
        const cluster = await findIn(tx, actor.organizationId, id, true);
        assertClusterAllows(cluster, 'rename');
        if (cluster.name === name) return cluster;
        const [taken] = await tx
          .select({ id: clusters.id })
          .from(clusters)
          .where(
            inOrganization(
              clusters,
              actor.organizationId,
              eq(clusters.name, name),
              ne(clusters.status, 'deleted'),
            ),
          );
        if (taken)
          throw invalidFields([
            { path: ['name'], message: `Another cluster is already named ${name}` },
          ]);
        const [updated] = await tx
          .update(clusters)
          .set({ name, updatedAt: new Date() })
          .where(eq(clusters.id, id))
          .returning();
        await logClusterEvent(tx, updated!, {
          kind: 'action',
          message: `Renamed from ${cluster.name} to ${name}`,
          actor: actorOf(actor),
        });
        await recordAudit(tx, {
          action: 'cluster.rename',
          outcome: 'success',
          actorUserId: actor.id,
          organizationId: actor.organizationId,
          targetType: 'cluster',
          targetId: id,
          ip: client.ip,
          userAgent: client.userAgent,
          details: { from: cluster.name, to: name },
        });
        return updated!;
      });
      return view(renamed);
    },

    async updateNodePool(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      poolId: number,
      body: UpdateNodePool,
    ) {
      const catalog = await catalogNow();
      const autoscaleOnly = body.count === undefined;
      if (autoscaleOnly) {
        // Autoscaling limits change no machine: recorded at once, in any status but deleted.
        const updated = await db.transaction(async (tx) => {
          const cluster = await findIn(tx, actor.organizationId, id, true);
          assertClusterAllows(cluster, 'change');
          const pools = await loadPools(tx, [cluster.id]);
          const pool = poolIn(pools, poolId);
          const next = {
            ...pool,
            autoscaleMin: body.autoscaleMin ?? null,
            autoscaleMax: body.autoscaleMax ?? null,
          };
          assertConfigAllowed(
            configOf(
              cluster,
              pools.map((p) => (p.id === poolId ? next : p)),
              catalog,
            ),
            catalog,
          );
          await tx
            .update(clusterNodePools)
            .set({ autoscaleMin: next.autoscaleMin, autoscaleMax: next.autoscaleMax })
            .where(eq(clusterNodePools.id, poolId));
          await logClusterEvent(tx, cluster, {
            kind: 'action',
            message:
              next.autoscaleMin === null
                ? `Autoscaling of pool ${pool.name} turned off`
                : `Pool ${pool.name} autoscales between ${next.autoscaleMin} and ${next.autoscaleMax} nodes`,
            actor: actorOf(actor),
          });
          await recordAudit(tx, {
            action: 'cluster.autoscale',
            outcome: 'success',
            actorUserId: actor.id,
            organizationId: actor.organizationId,
            targetType: 'cluster',
            targetId: id,
            ip: client.ip,
            userAgent: client.userAgent,
            details: { pool: pool.name, min: next.autoscaleMin, max: next.autoscaleMax },
          });
          return cluster;
        });
        return view(updated, catalog);
      }
      let from = 0;
      let poolName = '';
      return change(actor, client, id, {
        action: 'cluster.scale',
        describe: () => `Scaling pool ${poolName} from ${from} to ${body.count} nodes`,
        apply: async (tx, cluster, pools) => {
          const pool = poolIn(pools, poolId);
          from = pool.count;
          poolName = pool.name;
          if (pool.count === body.count && body.autoscaleMin === undefined) {
            throw conflict(`Pool ${pool.name} already has ${pool.count} nodes`);
          }
          const next = {
            ...pool,
            count: body.count!,
            ...(body.autoscaleMin !== undefined
              ? { autoscaleMin: body.autoscaleMin, autoscaleMax: body.autoscaleMax ?? null }
              : {}),
          };
          assertConfigAllowed(
            configOf(
              cluster,
              pools.map((p) => (p.id === poolId ? next : p)),
              catalog,
            ),
            catalog,
          );
          await tx
            .update(clusterNodePools)
            .set({
              count: next.count,
              autoscaleMin: next.autoscaleMin,
              autoscaleMax: next.autoscaleMax,
            })
            .where(eq(clusterNodePools.id, poolId));
          return {
            kind: 'scale',
            plan: () =>
              driverOf(cluster).planScale(
                toDriverCluster(cluster, pools, catalog),
                poolId,
                next.count,
              ),
            details: { pool: pool.name, from: pool.count, to: next.count },
          };
        },
      });
    },

    async addNodePool(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      body: {
        name: string;
        size: string;
        count: number;
        autoscaleMin?: number;
        autoscaleMax?: number;
      },
    ) {
      const catalog = await catalogNow();
      return change(actor, client, id, {
        action: 'cluster.pool.add',
        describe: () => `Adding node pool ${body.name} (${body.count} × ${body.size})`,
        apply: async (tx, cluster, pools) => {
          if (pools.some((pool) => pool.name === body.name)) {
            throw invalidFields([
              { path: ['name'], message: `Another node pool is already named ${body.name}` },
            ]);
          }
          const candidate = {
            id: -1,
            clusterId: cluster.id,
            name: body.name,
            size: body.size,
            count: body.count,
            autoscaleMin: body.autoscaleMin ?? null,
            autoscaleMax: body.autoscaleMax ?? null,
            createdAt: new Date(),
            removedAt: null,
            nodes: [],
            usedNames: [],
          };
          const config = configOf(cluster, [...pools, candidate], catalog);
          const issues = catalogIssues(config, catalog).map((issue) =>
            issue.path[0] === 'nodePools' && issue.path[1] === pools.length
              ? { ...issue, path: issue.path.slice(2) }
              : issue,
          );
          if (issues.length) throw invalidFields(issues);
          const [pool] = await tx
            .insert(clusterNodePools)
            .values({
              clusterId: cluster.id,
              name: body.name,
              size: body.size,
              count: body.count,
              autoscaleMin: candidate.autoscaleMin,
              autoscaleMax: candidate.autoscaleMax,
            })
            .returning();
          return {
            kind: 'add_pool',
            plan: () =>
              driverOf(cluster).planAddPool(toDriverCluster(cluster, pools, catalog), {
                id: pool!.id,
                name: pool!.name,
                size: pool!.size,
                count: pool!.count,
                nodes: [],
                usedNames: [],
              }),
            details: { pool: body.name, size: body.size, count: body.count },
          };
        },
      });
    },

    async removeNodePool(actor: SessionUser, client: ClientInfo, id: number, poolId: number) {
      const catalog = await catalogNow();
      let poolName = '';
      return change(actor, client, id, {
        action: 'cluster.pool.remove',
        describe: () => `Removing node pool ${poolName}`,
        apply: async (tx, cluster, pools) => {
          const pool = poolIn(pools, poolId);
          poolName = pool.name;
          if (pools.length === 1) {
            throw conflict(
              `Pool ${pool.name} is the cluster's only node pool: a cluster keeps at least one.`,
            );
          }
          const rest = pools.filter((candidate) => candidate.id !== poolId);
          const issues = catalogIssues(configOf(cluster, rest, catalog), catalog);
          if (issues.length) throw conflict(issues.map((issue) => issue.message).join('; '));
          const plan = driverOf(cluster).planRemovePool(
            toDriverCluster(cluster, pools, catalog),
            poolId,
          );
          // The pool stops counting now (cost, node count); its nodes go as the steps run.
          await tx
            .update(clusterNodePools)
            .set({ count: 0 })
            .where(eq(clusterNodePools.id, poolId));
          return { kind: 'remove_pool', plan: () => plan, details: { pool: pool.name } };
        },
      });
    },

    async upgrade(actor: SessionUser, client: ClientInfo, id: number, version: string) {
      const catalog = await catalogNow();
      return change(actor, client, id, {
        action: 'cluster.upgrade',
        describe: (cluster) => `Upgrading Kubernetes from ${cluster.kubernetesPatch} to ${version}`,
        apply: async (_tx, cluster, pools) => {
          const allowed = upgradesOf(cluster.kubernetesVersion, catalog);
          if (!allowed.includes(version)) {
            const message =
              version === cluster.kubernetesVersion
                ? `The cluster already runs Kubernetes ${version}`
                : allowed.length
                  ? `Upgrades go one minor version at a time and never down: ${cluster.kubernetesVersion} can go to ${allowed[0]}`
                  : `Kubernetes ${cluster.kubernetesVersion} is the newest version the platform supports`;
            throw invalidFields([{ path: ['version'], message }]);
          }
          const patch = catalog.kubernetesVersions.find(
            (candidate) => candidate.minor === version,
          )!.latestPatch;
          return {
            kind: 'upgrade',
            plan: () =>
              driverOf(cluster).planUpgrade(
                toDriverCluster(cluster, pools, catalog),
                version,
                patch,
              ),
            details: { from: cluster.kubernetesPatch, to: patch },
          };
        },
      });
    },

    async recycleNode(actor: SessionUser, client: ClientInfo, id: number, nodeName: string) {
      const catalog = await catalogNow();
      return change(actor, client, id, {
        action: 'cluster.node.recycle',
        describe: () => `Recycling node ${nodeName}`,
        apply: async (_tx, cluster, pools) => {
          const node = pools
            .flatMap((pool) => pool.nodes)
            .find((candidate) => candidate.name === nodeName);
          if (!node) throw notFound(`There is no node ${nodeName} in ${cluster.name}`);
          return {
            kind: 'recycle',
            plan: () =>
              driverOf(cluster).planRecycle(toDriverCluster(cluster, pools, catalog), nodeName),
            details: { node: nodeName },
          };
        },
      });
    },

    async delete(actor: SessionUser, client: ClientInfo, id: number, confirmName: string) {
      const catalog = await catalogNow();
      const deleting = await db.transaction(async (tx) => {
        const cluster = await findIn(tx, actor.organizationId, id, true);
        if (confirmName !== cluster.name) {
          throw invalidFields([
            { path: ['name'], message: `Type the cluster's name, ${cluster.name}, to delete it` },
          ]);
        }
        assertClusterAllows(cluster, 'delete');
        const pools = await loadPools(tx, [cluster.id]);
        const updated = await operations.setStatus(tx, cluster, 'deleting');
        await operations.start(
          tx,
          updated,
          'delete',
          driverOf(cluster).planDelete(toDriverCluster(cluster, pools, catalog)),
          actorOf(actor),
        );
        await logClusterEvent(tx, updated, {
          kind: 'status',
          message: `Deletion of ${cluster.name} requested`,
          progress: 0,
          actor: actorOf(actor),
        });
        await recordAudit(tx, {
          action: 'cluster.delete',
          outcome: 'success',
          actorUserId: actor.id,
          organizationId: actor.organizationId,
          targetType: 'cluster',
          targetId: id,
          ip: client.ip,
          userAgent: client.userAgent,
          details: { name: cluster.name },
        });
        return (await findIn(tx, actor.organizationId, id))!;
      });
      return view(deleting, catalog);
    },

    /** A kubeconfig for the cluster, holding its current token; every download is audited. */
    async kubeconfig(actor: SessionUser, client: ClientInfo, id: number) {
      const cluster = await findIn(db, actor.organizationId, id);
      assertClusterAllows(cluster, 'kubeconfig');
      const authority = deps.kubeApiTls ? (await deps.kubeApiTls.certificate()).cert : undefined;
      return db.transaction(async (tx) => {
        const token = await access.token(tx, cluster.id);
        await recordAudit(tx, {
          action: 'cluster.kubeconfig',
          outcome: 'success',
          actorUserId: actor.id,
          organizationId: actor.organizationId,
          targetType: 'cluster',
          targetId: id,
          ip: client.ip,
          userAgent: client.userAgent,
        });
        return {
          name: cluster.name,
          yaml: kubeconfigYaml({
            clusterName: cluster.name,
            serverUrl: kubeApiServerUrl(deps.config.kubeApiUrl, cluster.id),
            token,
            certificateAuthorityPem: authority,
          }),
        };
      });
    },

    async rotateCredentials(actor: SessionUser, client: ClientInfo, id: number) {
      const rotated = await db.transaction(async (tx) => {
        const cluster = await findIn(tx, actor.organizationId, id, true);
        if (cluster.status === 'deleted' || cluster.status === 'deleting') {
          throw conflict(
            `Cluster ${cluster.name} is ${cluster.status === 'deleted' ? 'deleted' : 'being deleted'}: its credentials are already revoked.`,
          );
        }
        await access.rotate(tx, cluster.id);
        await logClusterEvent(tx, cluster, {
          kind: 'action',
          message: 'API credentials rotated: earlier kubeconfigs no longer work',
          actor: actorOf(actor),
        });
        await recordAudit(tx, {
          action: 'cluster.credentials.rotate',
          outcome: 'success',
          actorUserId: actor.id,
          organizationId: actor.organizationId,
          targetType: 'cluster',
          targetId: id,
          ip: client.ip,
          userAgent: client.userAgent,
        });
        return cluster;
      });
      return view(rotated);
    },

    /**
     * The cluster a paid order buys, made in the payment's transaction: its records, its first
     * event, and the provisioning operation queued. The catalog is read by the caller, before.
     */
    async createFromOrder(
      tx: Tx,
      order: { id: number; organizationId: number; userId: number | null },
      config: ClusterOrderConfig,
      catalog: Catalog,
    ) {
      const tier = catalog.tiers.find((candidate) => candidate.slug === config.tier)!;
      const version = catalog.kubernetesVersions.find(
        (candidate) => candidate.minor === config.kubernetesVersion,
      );
      const [cluster] = await tx
        .insert(clusters)
        .values({
          organizationId: order.organizationId,
          name: config.name,
          tierId: tier.id,
          provider: config.provider,
          region: config.region,
          kubernetesVersion: config.kubernetesVersion,
          kubernetesPatch: version?.latestPatch ?? `${config.kubernetesVersion}.0`,
          haControlPlane: config.haControlPlane,
          // Add-ons count as installed once their step has run.
          addons: [],
          supportPlan: config.supportPlan,
          billingCycle: config.billingCycle,
          status: 'ordered',
          orderId: order.id,
          nodeCount: config.nodePools.reduce((sum, pool) => sum + pool.count, 0),
          monthlyCostCents: priceCluster({ ...config, billingCycle: 'monthly' }, catalog).monthly,
        })
        .returning();
      await tx.insert(clusterNodePools).values(
        config.nodePools.map((pool) => ({
          clusterId: cluster!.id,
          name: pool.name,
          size: pool.size,
          count: pool.count,
          autoscaleMin: pool.autoscaleMin ?? null,
          autoscaleMax: pool.autoscaleMax ?? null,
        })),
      );
      const pools = await loadPools(tx, [cluster!.id]);
      const planned = { ...toDriverCluster(cluster!, pools, catalog), addons: config.addons };
      await operations.start(
        tx,
        cluster!,
        'provision',
        driverOf(cluster!).planCreate(planned),
        null,
      );
      await logClusterEvent(tx, cluster!, {
        kind: 'status',
        message: `Cluster ${config.name} ordered: provisioning starts shortly`,
        progress: 0,
      });
      return cluster!.id;
    },

    /** The simulated Kubernetes API's view of a cluster, for a valid token; null otherwise. */
    async resolveKube(clusterId: number, token: string) {
      return access.resolve(clusterId, token, await catalogNow());
    },
  };
}
export type ClusterService = ReturnType<typeof createClusterService>;
