import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { clusterApiUpStatuses, type Catalog } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { clusterCredentials, clusters } from '../../db/schema.ts';
import { randomToken, sha256, type Sealer } from '../../lib/crypto.ts';
import type { KubeClusterView } from '../kube-api/index.ts';
import { loadPools, tierOf } from './cluster-records.ts';

/** The namespace and replicas an add-on's pods run with in a cluster. */
const addonWorkloads: Record<string, { namespace: string; replicas: number }> = {
  'ingress-nginx': { namespace: 'ingress-nginx', replicas: 2 },
  'cert-manager': { namespace: 'cert-manager', replicas: 3 },
  monitoring: { namespace: 'monitoring', replicas: 3 },
  logging: { namespace: 'logging', replicas: 2 },
  backup: { namespace: 'velero', replicas: 1 },
  'service-mesh': { namespace: 'istio-system', replicas: 2 },
  gitops: { namespace: 'argocd', replicas: 3 },
  'gpu-operator': { namespace: 'gpu-operator', replicas: 2 },
  policy: { namespace: 'gatekeeper-system', replicas: 2 },
};

/**
 * A cluster's Kubernetes API credentials: a bearer token per cluster, kept as a hash to find it
 * and sealed with the server's secret to give it out again in a kubeconfig. Rotating revokes
 * every token given out; deleting the cluster revokes them too.
 */
export function createClusterAccess(db: DbOrTx, sealer: Sealer) {
  async function issue(tx: DbOrTx, clusterId: number): Promise<string> {
    const token = `akc_${randomToken(24)}`;
    await tx.insert(clusterCredentials).values({
      clusterId,
      tokenHash: sha256(token),
      tokenSealed: sealer.seal(token),
    });
    return token;
  }

  return {
    /** The current token, made on first use. */
    async token(tx: DbOrTx, clusterId: number): Promise<string> {
      const [current] = await tx
        .select({ sealed: clusterCredentials.tokenSealed })
        .from(clusterCredentials)
        .where(
          and(eq(clusterCredentials.clusterId, clusterId), isNull(clusterCredentials.revokedAt)),
        )
        .orderBy(desc(clusterCredentials.id))
        .limit(1);
      return current ? sealer.open(current.sealed) : issue(tx, clusterId);
    },

    async rotate(tx: DbOrTx, clusterId: number): Promise<void> {
      await tx
        .update(clusterCredentials)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(clusterCredentials.clusterId, clusterId), isNull(clusterCredentials.revokedAt)),
        );
      await issue(tx, clusterId);
    },

    /**
     * What the cluster's Kubernetes API shows, for a valid token of that cluster whose control
     * plane is up; null otherwise (the API answers 401 and tells nothing more).
     */
    async resolve(
      clusterId: number,
      token: string,
      catalog: Catalog,
    ): Promise<KubeClusterView | null> {
      const [found] = await db
        .select({ cluster: clusters })
        .from(clusterCredentials)
        .innerJoin(clusters, eq(clusters.id, clusterCredentials.clusterId))
        .where(
          and(
            eq(clusterCredentials.tokenHash, sha256(token)),
            eq(clusterCredentials.clusterId, clusterId),
            isNull(clusterCredentials.revokedAt),
            inArray(clusters.status, [...clusterApiUpStatuses]),
          ),
        );
      if (!found) return null;
      const { cluster } = found;
      const sizes = tierOf(catalog, cluster.tierId).nodeSizes;
      const pools = await loadPools(db, [cluster.id]);
      return {
        id: cluster.id,
        name: cluster.name,
        kubernetesVersion: cluster.kubernetesPatch,
        provider: cluster.provider,
        createdAt: cluster.createdAt,
        nodes: pools.flatMap((pool) => {
          const size = sizes.find((candidate) => candidate.name === pool.size);
          return pool.nodes.map((node) => ({
            name: node.name,
            pool: pool.name,
            size: pool.size,
            cpuCores: size?.vcpu ?? 2,
            memoryGiB: size?.memoryGb ?? 4,
            region: cluster.region,
            zone: node.zone,
            ready: node.status === 'ready',
            createdAt: node.createdAt,
          }));
        }),
        addons: cluster.addons.map((slug) => {
          const addon = catalog.addons.find((candidate) => candidate.slug === slug);
          const workload = addonWorkloads[slug] ?? { namespace: slug, replicas: 1 };
          return {
            slug,
            name: addon?.name ?? slug,
            ...workload,
            ready: true,
            createdAt: cluster.createdAt,
          };
        }),
      };
    },
  };
}
export type ClusterAccess = ReturnType<typeof createClusterAccess>;
