import { and, eq, isNull } from 'drizzle-orm';
import { clusterApiUpStatuses, type Catalog } from '@alpenkube/contract';
import { can, roleReaches, type AccessLevel } from '@alpenkube/contract/permissions';
import type { DbOrTx } from '../../db/client.ts';
import { clusterCredentials, clusters } from './schema.ts';
import { randomToken, sha256, type Sealer } from '../../lib/crypto.ts';
import type { KubeClusterView } from '../kube-api/index.ts';
import { KNOWN_TOKEN_REFUSED } from '../rate-limit/index.ts';
import { loadSessionUser } from '../sessions/index.ts';
import { loadPools, nodeSizeOf } from './cluster-records.ts';
import { liveLoadBalancers, liveVolumes } from './cluster-volume-rows.ts';
import { kubeLinksOf } from './cluster-kube-rows.ts';
import type { KubeStoreOf } from './cluster-kube-store.ts';

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
  policy: { namespace: 'kyverno', replicas: 2 },
};

/**
 * Who may hold a cluster's Kubernetes API credential: who may download the kubeconfig. The
 * kubeconfig route declares it, and a credential works only while its holder still may.
 */
export const KUBECONFIG_ACCESS: AccessLevel = 'member';

/**
 * Revokes every live Kubernetes API credential of a person, in the caller's transaction: a
 * person disabled or removed keeps no way into the organization's clusters, and enabling them
 * again gives none back (a new download makes a new one).
 */
export async function revokeKubeCredentialsOf(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(clusterCredentials)
    .set({ revokedAt: new Date() })
    .where(and(eq(clusterCredentials.userId, userId), isNull(clusterCredentials.revokedAt)));
}

/**
 * A cluster's Kubernetes API credentials, one per person and cluster, as DigitalOcean's
 * kubeconfigs are: each member who downloads a kubeconfig gets a bearer token of their own,
 * kept as a hash to find it and sealed with the server's secret to give it out again. It works
 * while its holder may read the cluster (checked at every call), stops when they are disabled
 * or removed (`revokeKubeCredentialsOf`), and rotating revokes everyone's.
 */
export function createClusterAccess(db: DbOrTx, sealer: Sealer) {
  async function issue(tx: DbOrTx, clusterId: number, userId: number): Promise<string> {
    const token = `akc_${randomToken(24)}`;
    await tx.insert(clusterCredentials).values({
      clusterId,
      userId,
      tokenHash: sha256(token),
      tokenSealed: sealer.seal(token),
    });
    return token;
  }

  return {
    /** The person's current token for the cluster, made on their first download. */
    async token(tx: DbOrTx, clusterId: number, userId: number): Promise<string> {
      const [current] = await tx
        .select({ sealed: clusterCredentials.tokenSealed })
        .from(clusterCredentials)
        .where(
          and(
            eq(clusterCredentials.clusterId, clusterId),
            eq(clusterCredentials.userId, userId),
            isNull(clusterCredentials.revokedAt),
          ),
        );
      return current ? sealer.open(current.sealed) : issue(tx, clusterId, userId);
    },

    /** Revokes every person's credential of the cluster; each next download makes a new one. */
    async rotate(tx: DbOrTx, clusterId: number): Promise<void> {
      await tx
        .update(clusterCredentials)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(clusterCredentials.clusterId, clusterId), isNull(clusterCredentials.revokedAt)),
        );
    },

    /**
     * What the cluster's Kubernetes API shows, for a live token of that cluster whose control
     * plane is up and whose holder is a member of the cluster's organization who may still
     * download its kubeconfig. No such token is null; a live token that may not be used now (the
     * control plane is down, the holder lost the right) is KNOWN_TOKEN_REFUSED, which is no
     * guess. Either way the API answers 401 and tells nothing more.
     */
    async resolve(
      clusterId: number,
      token: string,
      catalog: Catalog,
      storeOf?: KubeStoreOf,
    ): Promise<KubeClusterView | null | typeof KNOWN_TOKEN_REFUSED> {
      const [found] = await db
        .select({ cluster: clusters, holderId: clusterCredentials.userId })
        .from(clusterCredentials)
        .innerJoin(clusters, eq(clusters.id, clusterCredentials.clusterId))
        .where(
          and(
            eq(clusterCredentials.tokenHash, sha256(token)),
            eq(clusterCredentials.clusterId, clusterId),
            isNull(clusterCredentials.revokedAt),
          ),
        );
      if (!found) return null;
      // The holder as a session sees them: the sessions module reads the person and their
      // organization in one query.
      const holder = await loadSessionUser(db, found.holderId);
      if (!holder) return null;
      if (
        !(clusterApiUpStatuses as readonly string[]).includes(found.cluster.status) ||
        holder.organizationId !== found.cluster.organizationId ||
        !can(holder, KUBECONFIG_ACCESS) ||
        // A role that may not download the kubeconfig (read-only, billing) holds no credential,
        // also one downloaded before the role changed.
        !roleReaches(holder.role, 'kubeconfig:read')
      ) {
        return KNOWN_TOKEN_REFUSED;
      }
      const { cluster } = found;
      const pools = await loadPools(db, [cluster.id]);
      const volumes = await liveVolumes(db, cluster.id);
      // A LoadBalancer Service's load balancer is listed as that Service, not as one of its own.
      const links = await kubeLinksOf(db, cluster.id);
      const loadBalancers = (await liveLoadBalancers(db, cluster.id)).filter(
        (balancer) => !links.loadBalancers.has(balancer.id),
      );
      const store = storeOf ? await storeOf(cluster, holder) : undefined;
      return {
        ...(store ? { store } : {}),
        id: cluster.id,
        name: cluster.name,
        kubernetesVersion: cluster.kubernetesPatch,
        provider: cluster.provider,
        createdAt: cluster.createdAt,
        nodes: pools.flatMap((pool) => {
          const shape = nodeSizeOf(catalog, cluster.tierId, pool.size);
          return pool.nodes.map((node) => ({
            name: node.name,
            pool: pool.name,
            size: pool.size,
            ...shape,
            region: cluster.region,
            zone: node.zone,
            ready: node.status === 'ready',
            createdAt: node.createdAt,
            labels: pool.labels,
            taints: pool.taints,
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
        volumes: volumes.map((volume) => ({
          name: volume.name,
          sizeGb: volume.sizeGb,
          storageClass: volume.storageClass,
          createdAt: volume.createdAt,
          claim: links.claims.get(volume.id),
        })),
        apiAllowlist: cluster.apiAllowlist,
        loadBalancers: loadBalancers.map((balancer) => ({
          name: balancer.name,
          ip: balancer.ip,
          createdAt: balancer.createdAt,
        })),
      };
    },
  };
}
export type ClusterAccess = ReturnType<typeof createClusterAccess>;
