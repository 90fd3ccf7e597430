import type { AuditAction } from '@alpenkube/contract';
import { eq } from 'drizzle-orm';
import type {
  Catalog,
  Cluster,
  ClusterOperationKind,
  NodePoolConfig,
  UpdateNodePool,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { clusterNodePools, clusters } from './schema.ts';
import { conflict, invalidFields, notFound } from '../../lib/http-error.ts';
import type { DriverStep } from '../providers/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { logClusterEvent } from './cluster-events.ts';
import {
  actorOf,
  assertChangeAllowed,
  auditCluster,
  findCluster,
  monthlyCostOf,
  poolIn,
  type ClusterContext,
} from './cluster-lookup.ts';
import {
  loadPools,
  toDriverCluster,
  type ClusterRow,
  type PoolWithNodes,
} from './cluster-records.ts';
import { assertClusterAllows } from './cluster-states.ts';
import { releasedPatch, upgradesOf } from './cluster-versions.ts';

/** What a change does, decided under the cluster's lock once the request is checked. */
interface PlannedChange {
  kind: ClusterOperationKind;
  steps: DriverStep[];
  /** The event's words: "Scaling pool web from 3 to 5 nodes". */
  message: string;
  audit: AuditAction;
  details: Record<string, unknown>;
}

type Apply = (
  tx: Tx,
  cluster: ClusterRow,
  pools: PoolWithNodes[],
  catalog: Catalog,
) => Promise<PlannedChange>;

/** The changes a provider applies to a running cluster: scale, pools, upgrade, recycle. */
export function createClusterChanges(
  { deps, operations, catalogNow }: ClusterContext,
  view: (cluster: ClusterRow, catalog?: Catalog) => Promise<Cluster>,
) {
  const { db, providers } = deps;
  const driverOf = (cluster: ClusterRow) => providers.driver(cluster.provider);

  /**
   * In one transaction: the cluster is locked and checked, the records change (pools, node
   * count, cost), the cluster becomes `updating`, the operation is planned and queued, and the
   * request is logged and audited.
   */
  async function change(actor: SessionUser, client: ClientInfo, id: number, apply: Apply) {
    const catalog = await catalogNow();
    const updated = await db.transaction(async (tx) => {
      const cluster = await findCluster(tx, actor.organizationId, id, true);
      assertClusterAllows(cluster, 'change');
      const planned = await apply(tx, cluster, await loadPools(tx, [cluster.id]), catalog);
      const after = await loadPools(tx, [cluster.id]);
      await operations.setStatus(tx, cluster, 'updating');
      const [costed] = await tx
        .update(clusters)
        .set({
          nodeCount: after.reduce((sum, pool) => sum + pool.count, 0),
          monthlyCostCents: monthlyCostOf(cluster, after, catalog),
        })
        .where(eq(clusters.id, cluster.id))
        .returning();
      await operations.start(tx, costed!, planned.kind, planned.steps, actorOf(actor));
      await logClusterEvent(tx, costed!, {
        kind: 'status',
        message: planned.message,
        progress: 0,
        actor: actorOf(actor),
      });
      await auditCluster(tx, actor, client, cluster.id, planned.audit, planned.details);
      return costed!;
    });
    return view(updated, catalog);
  }

  /** Autoscaling limits change no machine: recorded at once, in the states a change is allowed. */
  async function setAutoscale(
    actor: SessionUser,
    client: ClientInfo,
    id: number,
    poolId: number,
    limits: { autoscaleMin: number | null; autoscaleMax: number | null },
  ) {
    const catalog = await catalogNow();
    const updated = await db.transaction(async (tx) => {
      const cluster = await findCluster(tx, actor.organizationId, id, true);
      assertClusterAllows(cluster, 'change');
      const pools = await loadPools(tx, [cluster.id]);
      const pool = poolIn(pools, poolId);
      const next = pools.map((p) => (p.id === poolId ? { ...p, ...limits } : p));
      assertChangeAllowed(providers, cluster, next, catalog, pools.indexOf(pool));
      await tx.update(clusterNodePools).set(limits).where(eq(clusterNodePools.id, poolId));
      await logClusterEvent(tx, cluster, {
        kind: 'action',
        message:
          limits.autoscaleMin === null
            ? `Autoscaling of pool ${pool.name} turned off`
            : `Pool ${pool.name} autoscales between ${limits.autoscaleMin} and ${limits.autoscaleMax} nodes`,
        actor: actorOf(actor),
      });
      await auditCluster(tx, actor, client, id, 'cluster.autoscale', {
        pool: pool.name,
        ...limits,
      });
      return cluster;
    });
    return view(updated, catalog);
  }

  return {
    /** A new node count is a change the provider applies; new autoscaling limits alone are not. */
    async updateNodePool(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      poolId: number,
      body: UpdateNodePool,
    ) {
      const limits =
        body.autoscaleMin !== undefined
          ? { autoscaleMin: body.autoscaleMin, autoscaleMax: body.autoscaleMax ?? null }
          : null;
      const current = poolIn(
        await loadPools(db, [(await findCluster(db, actor.organizationId, id)).id]),
        poolId,
      );
      const unchanged = (pool: PoolWithNodes, count: number) =>
        count === pool.nodes.length && count === pool.count;
      if (unchanged(current, body.count ?? current.count) && limits) {
        return setAutoscale(actor, client, id, poolId, limits);
      }
      return change(actor, client, id, async (tx, cluster, pools, catalog) => {
        const pool = poolIn(pools, poolId);
        const count = body.count ?? pool.count;
        // Compared with the nodes that exist too, so that a pool short of nodes can be mended.
        if (unchanged(pool, count)) {
          throw invalidFields([
            { path: ['count'], message: `Pool ${pool.name} already has ${count} nodes` },
          ]);
        }
        const next = { ...pool, count, ...(limits ?? {}) };
        assertChangeAllowed(
          providers,
          cluster,
          pools.map((p) => (p.id === poolId ? next : p)),
          catalog,
          pools.indexOf(pool),
        );
        await tx
          .update(clusterNodePools)
          .set({ count, autoscaleMin: next.autoscaleMin, autoscaleMax: next.autoscaleMax })
          .where(eq(clusterNodePools.id, poolId));
        return {
          kind: 'scale',
          steps: driverOf(cluster).planScale(
            toDriverCluster(cluster, pools, catalog),
            poolId,
            count,
          ),
          message: `Scaling pool ${pool.name} from ${pool.nodes.length} to ${count} nodes`,
          audit: 'cluster.scale',
          details: { pool: pool.name, from: pool.nodes.length, to: count },
        };
      });
    },

    async addNodePool(actor: SessionUser, client: ClientInfo, id: number, body: NodePoolConfig) {
      return change(actor, client, id, async (tx, cluster, pools, catalog) => {
        if (pools.some((pool) => pool.name === body.name)) {
          throw conflict(`Another node pool of ${cluster.name} is already named ${body.name}`);
        }
        const candidate = {
          name: body.name,
          size: body.size,
          count: body.count,
          autoscaleMin: body.autoscaleMin ?? null,
          autoscaleMax: body.autoscaleMax ?? null,
        };
        assertChangeAllowed(providers, cluster, [...pools, candidate], catalog, pools.length);
        const [pool] = await tx
          .insert(clusterNodePools)
          .values({
            clusterId: cluster.id,
            ...candidate,
            labels: body.labels ?? {},
            taints: body.taints ?? [],
          })
          .returning();
        return {
          kind: 'add_pool',
          steps: driverOf(cluster).planAddPool(toDriverCluster(cluster, pools, catalog), {
            id: pool!.id,
            name: pool!.name,
            size: pool!.size,
            count: pool!.count,
            nodes: [],
            usedNames: [],
          }),
          message: `Adding node pool ${body.name} (${body.count} × ${body.size})`,
          audit: 'cluster.pool.add',
          details: { pool: body.name, size: body.size, count: body.count },
        };
      });
    },

    async removeNodePool(actor: SessionUser, client: ClientInfo, id: number, poolId: number) {
      return change(actor, client, id, async (tx, cluster, pools, catalog) => {
        const pool = poolIn(pools, poolId);
        if (pools.length === 1) {
          throw conflict(
            `Pool ${pool.name} is the cluster's only node pool: a cluster keeps at least one.`,
          );
        }
        const rest = pools.filter((candidate) => candidate.id !== poolId);
        try {
          assertChangeAllowed(providers, cluster, rest, catalog);
        } catch {
          const total = rest.reduce((sum, p) => sum + p.count, 0);
          throw conflict(
            `Without pool ${pool.name}, ${cluster.name} would have ${total} nodes, fewer than its tier allows: add nodes to another pool first.`,
          );
        }
        const steps = driverOf(cluster).planRemovePool(
          toDriverCluster(cluster, pools, catalog),
          poolId,
        );
        // The pool stops counting now (cost, node count); its nodes go as the steps run.
        await tx.update(clusterNodePools).set({ count: 0 }).where(eq(clusterNodePools.id, poolId));
        return {
          kind: 'remove_pool',
          steps,
          message: `Removing node pool ${pool.name}`,
          audit: 'cluster.pool.remove',
          details: { pool: pool.name },
        };
      });
    },

    async upgrade(actor: SessionUser, client: ClientInfo, id: number, version: string) {
      return change(actor, client, id, async (_tx, cluster, pools, catalog) => {
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
        const patch = releasedPatch(
          catalog.kubernetesVersions.find((v) => v.minor === version)!,
          new Date(),
        );
        return {
          kind: 'upgrade',
          steps: driverOf(cluster).planUpgrade(
            toDriverCluster(cluster, pools, catalog),
            version,
            patch,
          ),
          message: `Upgrading Kubernetes from ${cluster.kubernetesPatch} to ${patch}`,
          audit: 'cluster.upgrade',
          details: { from: cluster.kubernetesPatch, to: patch },
        };
      });
    },

    /**
     * An installed add-on leaves the cluster: the provider uninstalls it, and when that finishes
     * billing credits the unused prepaid part (`capacityChanged`).
     */
    async removeAddon(actor: SessionUser, client: ClientInfo, id: number, slug: string) {
      return change(actor, client, id, async (_tx, cluster, pools, catalog) => {
        const addon = catalog.addons.find((entry) => entry.slug === slug);
        if (!addon || !cluster.addons.includes(slug)) {
          throw notFound(`Add-on ${addon?.name ?? slug} is not installed on ${cluster.name}`);
        }
        return {
          kind: 'remove_addon',
          steps: driverOf(cluster).planRemoveAddon(toDriverCluster(cluster, pools, catalog), slug),
          message: `Removing add-on ${addon.name}`,
          audit: 'cluster.addon.remove',
          details: { addon: slug },
        };
      });
    },

    async recycleNode(actor: SessionUser, client: ClientInfo, id: number, nodeName: string) {
      return change(actor, client, id, async (_tx, cluster, pools, catalog) => {
        const node = pools.flatMap((pool) => pool.nodes).find((n) => n.name === nodeName);
        if (!node) throw notFound(`There is no node ${nodeName} in ${cluster.name}`);
        return {
          kind: 'recycle',
          steps: driverOf(cluster).planRecycle(toDriverCluster(cluster, pools, catalog), nodeName),
          message: `Recycling node ${nodeName}`,
          audit: 'cluster.node.recycle',
          details: { node: nodeName },
        };
      });
    },
  };
}
