import { eq } from 'drizzle-orm';
import {
  LOAD_BALANCERS_PER_CLUSTER,
  NODE_DISK_STORAGE_CLASS,
  VOLUMES_PER_CLUSTER,
  type Catalog,
  type ClusterLoadBalancers,
  type ClusterVolumes,
  type CreateLoadBalancer,
  type CreateVolume,
  type Volume,
} from '@alpenkube/contract';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, invalidFields, notFound } from '../../lib/http-error.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { clusterLoadBalancers, clusterVolumes } from './schema.ts';
import { liveLoadBalancers, liveVolumes } from './cluster-volume-rows.ts';
import { logClusterEvent } from './cluster-events.ts';
import { actorOf, auditCluster, findCluster, type ClusterContext } from './cluster-lookup.ts';
import { loadPools, tierOf, type ClusterRow } from './cluster-records.ts';
import { assertClusterAllows } from './cluster-states.ts';

const HOUR_MS = 3_600_000;

const nameTaken = (what: string, name: string) =>
  invalidFields([{ path: ['name'], message: `This cluster already has a ${what} named ${name}` }]);

/**
 * A cluster's volumes (its nodes' disks, and the persistent volumes the customer makes) and
 * load balancers. Made and deleted at once, each an event on the cluster and an audit entry;
 * storage is billed from the volumes' rows, egress from the traffic through the load balancers.
 */
export function createClusterVolumes({ deps, catalogNow }: ClusterContext) {
  const { db, providers } = deps;

  async function volumesOf(cluster: ClusterRow, catalog: Catalog): Promise<ClusterVolumes> {
    const sizes = tierOf(catalog, cluster.tierId).nodeSizes;
    const pools = cluster.deletedAt ? [] : await loadPools(db, [cluster.id]);
    const disks: Volume[] = pools.flatMap((pool) =>
      pool.nodes.map((node) => ({
        id: null,
        kind: 'node_disk' as const,
        name: `${node.name}-disk`,
        sizeGb: sizes.find((size) => size.name === pool.size)?.diskGb ?? 0,
        storageClass: NODE_DISK_STORAGE_CLASS,
        node: node.name,
        billed: false,
        observed: false,
        createdAt: node.createdAt.toISOString(),
      })),
    );
    const persistent = (await liveVolumes(db, cluster.id)).map((row): Volume => ({
      id: row.id,
      kind: 'persistent',
      name: row.name,
      sizeGb: row.sizeGb,
      storageClass: row.storageClass,
      node: null,
      billed: true,
      observed: row.providerRef !== null,
      createdAt: row.createdAt.toISOString(),
    }));
    return {
      volumes: [...persistent, ...disks],
      billedGb: persistent.reduce((sum, volume) => sum + volume.sizeGb, 0),
      observesProvider: Boolean(providers.driver(cluster.provider).observedResources),
    };
  }

  /**
   * Volumes and load balancers the platform records are modelled by a simulated provider; on a
   * real one (DigitalOcean) nothing would be created behind them, so the platform refuses them
   * (the cluster's own PersistentVolumeClaims and LoadBalancer Services make them there).
   */
  function assertModelledStorage(cluster: ClusterRow, what: string) {
    if (providers.driver(cluster.provider).simulated) return;
    throw conflict(
      `${what} of a cluster on a real provider are made from inside the cluster (a PersistentVolumeClaim, a Service of type LoadBalancer): the platform does not create them there`,
    );
  }

  /**
   * A row observed at a real provider stands for a resource the platform did not make and
   * cannot delete: deleting the row would stop its billing while it stays there.
   */
  function assertNotObserved(row: { providerRef: string | null; name: string }, what: string) {
    if (row.providerRef === null) return;
    throw conflict(
      `${what} ${row.name} was made from inside the cluster: delete its ${what === 'Volume' ? 'PersistentVolumeClaim' : 'Service of type LoadBalancer'} there, and it leaves the bill once the provider no longer has it`,
    );
  }

  /** Each load balancer with what it sent out this UTC month, as metering asks the provider. */
  async function loadBalancersOf(cluster: ClusterRow, now = new Date()) {
    const driver = providers.driver(cluster.provider);
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const rows = await liveLoadBalancers(db, cluster.id);
    const loadBalancers = [];
    for (const row of rows) {
      let egress = 0;
      const from = Math.max(monthStart, row.createdAt.getTime());
      for (let hour = Math.floor(from / HOUR_MS) * HOUR_MS; hour < now.getTime(); hour += HOUR_MS) {
        const start = Math.max(hour, Math.floor(row.createdAt.getTime() / 1000) * 1000);
        const end = Math.min(hour + HOUR_MS, now.getTime());
        const seconds = Math.floor((end - start) / 1000);
        if (seconds <= 0) continue;
        const usage = await driver.usage({
          clusterId: cluster.id,
          hour: new Date(hour),
          loadBalancers: [{ id: row.id, seconds }],
        });
        egress += usage.egressGb;
      }
      loadBalancers.push({
        id: row.id,
        name: row.name,
        ip: row.ip,
        egressGbThisMonth: Math.round(egress * 1000) / 1000,
        simulatedTraffic: row.simulated,
        observed: row.providerRef !== null,
        createdAt: row.createdAt.toISOString(),
      });
    }
    return {
      loadBalancers,
      simulatedTraffic: driver.simulated,
      observesProvider: Boolean(driver.observedResources),
    } satisfies ClusterLoadBalancers;
  }

  /** Runs a change under the cluster's lock; a name taken by a change at once is a 400. */
  async function change<T>(
    what: string,
    name: string | null,
    work: () => Promise<T>,
    constraint: string,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (name && uniqueViolation(error)?.constraint === constraint) throw nameTaken(what, name);
      throw error;
    }
  }

  return {
    async volumes(organizationId: number, id: number) {
      const catalog = await catalogNow();
      return volumesOf(await findCluster(db, organizationId, id), catalog);
    },

    /** `origin` names the Kubernetes object a volume is made for (a claim), in its event. */
    async createVolume(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      body: CreateVolume,
      origin?: string,
    ) {
      const catalog = await catalogNow();
      const cluster = await change(
        'volume',
        body.name,
        () =>
          db.transaction(async (tx) => {
            const cluster = await findCluster(tx, actor.organizationId, id, true);
            assertClusterAllows(cluster, 'storage');
            assertModelledStorage(cluster, 'Volumes');
            const live = await liveVolumes(tx, cluster.id);
            if (live.some((volume) => volume.name === body.name)) {
              throw nameTaken('volume', body.name);
            }
            if (live.length >= VOLUMES_PER_CLUSTER) {
              throw conflict(`A cluster has at most ${VOLUMES_PER_CLUSTER} persistent volumes`);
            }
            const [volume] = await tx
              .insert(clusterVolumes)
              .values({
                clusterId: cluster.id,
                name: body.name,
                sizeGb: body.sizeGb,
                storageClass: body.storageClass,
              })
              .returning();
            await logClusterEvent(tx, cluster, {
              kind: 'action',
              message: `Volume ${body.name} created: ${body.sizeGb} GB, ${body.storageClass}${origin ? ` (${origin})` : ''}`,
              actor: actorOf(actor),
            });
            await auditCluster(tx, actor, client, cluster.id, 'cluster.volume.create', {
              volumeId: volume!.id,
              name: body.name,
              sizeGb: body.sizeGb,
              storageClass: body.storageClass,
              ...(origin ? { origin } : {}),
            });
            return cluster;
          }),
        'cluster_volumes_cluster_name_key',
      );
      return volumesOf(cluster, catalog);
    },

    async deleteVolume(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      volumeId: number,
      origin?: string,
    ) {
      const catalog = await catalogNow();
      const cluster = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        const volume = (await liveVolumes(tx, cluster.id)).find((row) => row.id === volumeId);
        if (!volume) throw notFound('Volume not found');
        assertNotObserved(volume, 'Volume');
        assertClusterAllows(cluster, 'storage');
        await tx
          .update(clusterVolumes)
          .set({ deletedAt: new Date() })
          .where(eq(clusterVolumes.id, volume.id));
        await logClusterEvent(tx, cluster, {
          kind: 'action',
          message: `Volume ${volume.name} deleted (${volume.sizeGb} GB${origin ? `, ${origin}` : ''})`,
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, cluster.id, 'cluster.volume.delete', {
          volumeId: volume.id,
          name: volume.name,
        });
        return cluster;
      });
      return volumesOf(cluster, catalog);
    },

    async loadBalancers(organizationId: number, id: number) {
      return loadBalancersOf(await findCluster(db, organizationId, id));
    },

    async createLoadBalancer(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      body: CreateLoadBalancer,
      origin?: string,
    ) {
      const cluster = await change(
        'load balancer',
        body.name,
        () =>
          db.transaction(async (tx) => {
            const cluster = await findCluster(tx, actor.organizationId, id, true);
            assertClusterAllows(cluster, 'storage');
            assertModelledStorage(cluster, 'Load balancers');
            const live = await liveLoadBalancers(tx, cluster.id);
            if (live.some((balancer) => balancer.name === body.name)) {
              throw nameTaken('load balancer', body.name);
            }
            if (live.length >= LOAD_BALANCERS_PER_CLUSTER) {
              throw conflict(`A cluster has at most ${LOAD_BALANCERS_PER_CLUSTER} load balancers`);
            }
            const driver = providers.driver(cluster.provider);
            const ip = driver.loadBalancerIp(live.map((balancer) => balancer.ip));
            const [balancer] = await tx
              .insert(clusterLoadBalancers)
              .values({ clusterId: cluster.id, name: body.name, ip, simulated: driver.simulated })
              .returning();
            await logClusterEvent(tx, cluster, {
              kind: 'action',
              message: `Load balancer ${body.name} created at ${ip}${origin ? ` (${origin})` : ''}`,
              actor: actorOf(actor),
            });
            await auditCluster(tx, actor, client, cluster.id, 'cluster.load_balancer.create', {
              loadBalancerId: balancer!.id,
              name: body.name,
              ip,
              ...(origin ? { origin } : {}),
            });
            return cluster;
          }),
        'cluster_load_balancers_cluster_name_key',
      );
      return loadBalancersOf(cluster);
    },

    async deleteLoadBalancer(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      loadBalancerId: number,
      origin?: string,
    ) {
      const cluster = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        const balancer = (await liveLoadBalancers(tx, cluster.id)).find(
          (row) => row.id === loadBalancerId,
        );
        if (!balancer) throw notFound('Load balancer not found');
        assertNotObserved(balancer, 'Load balancer');
        assertClusterAllows(cluster, 'storage');
        await tx
          .update(clusterLoadBalancers)
          .set({ deletedAt: new Date() })
          .where(eq(clusterLoadBalancers.id, balancer.id));
        await logClusterEvent(tx, cluster, {
          kind: 'action',
          message: `Load balancer ${balancer.name} deleted (${balancer.ip} released${origin ? `, ${origin}` : ''})`,
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, cluster.id, 'cluster.load_balancer.delete', {
          loadBalancerId: balancer.id,
          name: balancer.name,
        });
        return cluster;
      });
      return loadBalancersOf(cluster);
    },
  };
}
