import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  priceCluster,
  type Catalog,
  type Cluster,
  type ClusterOrderConfig,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusterNodePools, clusters } from './schema.ts';
import { conflict, invalidFields } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import { ProviderError } from '../providers/index.ts';
import { kubeApiServerUrl, kubeconfigYaml } from '../kube-api/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { createClusterAccess } from './cluster-access.ts';
import type { KubeStoreOf } from './cluster-kube-store.ts';
import { logClusterEvent, type ClusterActor } from './cluster-events.ts';
import { actorOf, auditCluster, findCluster, type ClusterContext } from './cluster-lookup.ts';
import { loadPools, toDriverCluster, vpcOfCluster, type ClusterRow } from './cluster-records.ts';
import { assertClusterAllows } from './cluster-states.ts';
import { nameHeldByOrder } from './cluster-orders.ts';
import { lifespanAtOrder } from './cluster-lifespans.ts';
import { vpcForNewCluster } from '../networks/index.ts';
import { releasedPatch } from './cluster-versions.ts';

const nameTaken = (name: string) =>
  invalidFields([
    { path: ['name'], message: `Another cluster or an open order already has the name ${name}` },
  ]);

/** A cluster's life around its operations: creation from an order, name, access, deletion. */
export function createClusterLifecycle(
  { deps, operations, catalogNow }: ClusterContext,
  view: (cluster: ClusterRow, catalog?: Catalog) => Promise<Cluster>,
) {
  const { db, providers } = deps;
  const access = createClusterAccess(db, deps.sealer);
  const driverOf = (cluster: { provider: string }) => providers.driver(cluster.provider);

  /**
   * A real provider's cluster: its kubeconfig is the provider's, fetched now (a fresh,
   * short-lived credential of the provider's), and the download is audited. Null for a
   * simulated one, whose kubeconfig points at the platform's own Kubernetes API.
   */
  async function realKubeconfig(actor: SessionUser, client: ClientInfo, id: number) {
    const cluster = await findCluster(db, actor.organizationId, id);
    const driver = driverOf(cluster);
    if (!driver.kubeconfig) return null;
    assertClusterAllows(cluster, 'kubeconfig');
    let yaml: string;
    try {
      yaml = await driver.kubeconfig(cluster);
    } catch (error) {
      // The provider's refusal or silence, in its words (never the token): ask again later.
      if (!(error instanceof ProviderError)) throw error;
      throw conflict(`The provider did not give the kubeconfig: ${error.message}`);
    }
    await db.transaction((tx) => auditCluster(tx, actor, client, id, 'cluster.kubeconfig'));
    return { name: cluster.name, yaml };
  }

  /** Plans and queues provisioning of an `ordered` cluster whose records are written. */
  async function startProvisioning(tx: Tx, cluster: ClusterRow, catalog: Catalog) {
    const pools = await loadPools(tx, [cluster.id]);
    const vpc = await vpcOfCluster(tx, cluster);
    const steps = driverOf(cluster).planCreate(toDriverCluster(cluster, pools, catalog, vpc));
    await operations.start(tx, cluster, 'provision', steps, null);
    // Add-ons count as installed once their step has run.
    await tx.update(clusters).set({ addons: [] }).where(eq(clusters.id, cluster.id));
  }

  /**
   * The one way a cluster is deleted, asked by a person or by the platform (an expiry, an idle
   * sandbox): the state machine's check, the delete operation queued, its first event.
   */
  async function startDeletion(
    tx: Tx,
    cluster: ClusterRow,
    catalog: Catalog,
    why: { actor: ClusterActor | null; message: string },
  ) {
    const resumed = cluster.status === 'deleting' && cluster.operationKind === null;
    if (!resumed) assertClusterAllows(cluster, 'delete');
    const pools = await loadPools(tx, [cluster.id]);
    const updated = resumed ? cluster : await operations.setStatus(tx, cluster, 'deleting');
    const steps = driverOf(cluster).planDelete(toDriverCluster(cluster, pools, catalog));
    await operations.start(tx, updated, 'delete', steps, why.actor);
    await logClusterEvent(tx, updated, {
      kind: 'status',
      message: why.message,
      progress: 0,
      actor: why.actor,
    });
    return updated;
  }

  return {
    startDeletion,

    async rename(actor: SessionUser, client: ClientInfo, id: number, name: string) {
      const renamed = await db
        .transaction(async (tx) => {
          const cluster = await findCluster(tx, actor.organizationId, id, true);
          assertClusterAllows(cluster, 'rename');
          if (cluster.name === name) return cluster;
          const [other] = await tx
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
          if (other || (await nameHeldByOrder(tx, actor.organizationId, name))) {
            throw nameTaken(name);
          }
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
          await auditCluster(tx, actor, client, id, 'cluster.rename', {
            from: cluster.name,
            to: name,
          });
          return updated!;
        })
        .catch((error: unknown) => {
          // Two renames to one name at once: the second finds the unique index taken.
          if (uniqueViolation(error)?.constraint === 'clusters_organization_name_key') {
            throw nameTaken(name);
          }
          throw error;
        });
      return view(renamed);
    },

    /**
     * Deletes the cluster once the body repeats its name. A deletion that stopped (its operation
     * failed) can be asked again.
     */
    async delete(actor: SessionUser, client: ClientInfo, id: number, confirmName: string) {
      const catalog = await catalogNow();
      const deleting = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        if (confirmName !== cluster.name) {
          throw invalidFields([
            { path: ['name'], message: `Type the cluster's name, ${cluster.name}, to delete it` },
          ]);
        }
        await startDeletion(tx, cluster, catalog, {
          actor: actorOf(actor),
          message: `Deletion of ${cluster.name} requested`,
        });
        await auditCluster(tx, actor, client, id, 'cluster.delete', { name: cluster.name });
        return findCluster(tx, actor.organizationId, id);
      });
      return view(deleting, catalog);
    },

    /** The caller's kubeconfig of the cluster, holding their own token; every download is audited. */
    async kubeconfig(actor: SessionUser, client: ClientInfo, id: number) {
      const real = await realKubeconfig(actor, client, id);
      if (real) return real;
      const authority = deps.kubeApiTls ? await deps.kubeApiTls.authority() : undefined;
      return db.transaction(async (tx) => {
        // Locked, so that two first downloads at once give out one token, not two.
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        assertClusterAllows(cluster, 'kubeconfig');
        const token = await access.token(tx, cluster.id, actor.id);
        await auditCluster(tx, actor, client, id, 'cluster.kubeconfig');
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
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        assertClusterAllows(cluster, 'rotate');
        if (driverOf(cluster).kubeconfig) {
          // The kubeconfigs are the provider's, not the platform's tokens: revoking these would
          // say "earlier kubeconfigs no longer work" untruly.
          throw conflict(
            "This cluster's kubeconfigs hold its provider's own tokens, which expire after seven days; the provider's API offers no reset to revoke them sooner",
          );
        }
        await access.rotate(tx, cluster.id);
        await logClusterEvent(tx, cluster, {
          kind: 'action',
          message: 'API credentials rotated: earlier kubeconfigs no longer work',
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, id, 'cluster.credentials.rotate');
        return cluster;
      });
      return view(rotated);
    },

    /**
     * The cluster a paid order buys, made in the payment's transaction: its records, its first
     * event, and the provisioning operation queued. The caller reads the catalog before.
     */
    async createFromOrder(
      tx: Tx,
      order: { id: number; organizationId: number; userId?: number | null },
      config: ClusterOrderConfig,
      catalog: Catalog,
      now = new Date(),
    ) {
      const tier = catalog.tiers.find((candidate) => candidate.slug === config.tier)!;
      const lifespan = await lifespanAtOrder(tx, order.organizationId, tier, config, now);
      const version = catalog.kubernetesVersions.find((v) => v.minor === config.kubernetesVersion);
      const vpc = await vpcForNewCluster(tx, order.organizationId, {
        provider: config.provider,
        region: config.region,
        vpcId: config.vpcId,
        // The provider's networks are all in the platform's one account: ranges apart across it.
        accountWide: Boolean(driverOf(config).deleteVpc),
      });
      const [cluster] = await tx
        .insert(clusters)
        .values({
          organizationId: order.organizationId,
          name: config.name,
          tierId: tier.id,
          provider: config.provider,
          region: config.region,
          kubernetesVersion: config.kubernetesVersion,
          kubernetesPatch: version ? releasedPatch(version, now) : `${config.kubernetesVersion}.0`,
          haControlPlane: config.haControlPlane,
          addons: config.addons,
          tags: config.tags ?? [],
          vpcId: vpc.id,
          supportPlan: config.supportPlan,
          billingCycle: config.billingCycle,
          status: 'ordered',
          orderId: order.id,
          nodeCount: config.nodePools.reduce((sum, pool) => sum + pool.count, 0),
          monthlyCostCents: priceCluster({ ...config, billingCycle: 'monthly' }, catalog).monthly,
          ...lifespan,
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
          labels: pool.labels ?? {},
          taints: pool.taints ?? [],
        })),
      );
      await startProvisioning(tx, cluster!, catalog);
      await logClusterEvent(tx, cluster!, {
        kind: 'status',
        message: `Cluster ${config.name} ordered, in VPC ${vpc.name} (${vpc.ipRange}): provisioning starts shortly`,
        progress: 0,
      });
      // The payment is audited with its client; this says which cluster it made, and where.
      await recordAudit(tx, {
        action: 'cluster.create',
        outcome: 'success',
        actorUserId: order.userId ?? null,
        organizationId: order.organizationId,
        targetType: 'cluster',
        targetId: cluster!.id,
        details: {
          orderId: order.id,
          provider: config.provider,
          region: config.region,
          vpc: vpc.name,
        },
      });
      return cluster!.id;
    },

    /**
     * Clusters paid for before provisioning existed wait `ordered` with no operation: each start
     * queues theirs. Safe on several instances (the cluster is locked and checked again).
     */
    async provisionWaiting() {
      const waiting = await db
        .select({ id: clusters.id })
        .from(clusters)
        .where(and(eq(clusters.status, 'ordered'), isNull(clusters.operationKind)));
      if (waiting.length === 0) return;
      const catalog = await catalogNow();
      for (const { id } of waiting) {
        await db.transaction(async (tx) => {
          const [cluster] = await tx
            .select()
            .from(clusters)
            .where(eq(clusters.id, id))
            .for('update');
          if (cluster?.status !== 'ordered' || cluster.operationKind !== null) return;
          await startProvisioning(tx, cluster, catalog);
        });
      }
    },

    /**
     * The simulated Kubernetes API's view of a cluster, for a valid token; null otherwise, and
     * for a real provider's cluster, whose API is the provider's.
     */
    async resolveKube(clusterId: number, token: string, storeOf?: KubeStoreOf) {
      const resolved = await access.resolve(clusterId, token, await catalogNow(), storeOf);
      if (!resolved || typeof resolved === 'symbol') return resolved;
      return providers.driver(resolved.provider).simulated ? resolved : null;
    },
  };
}
