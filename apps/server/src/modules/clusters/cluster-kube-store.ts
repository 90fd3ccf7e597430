import { can, roleAllows } from '@alpenkube/contract/permissions';
import { HttpError } from '../../lib/http-error.ts';
import type { KubeManifest, KubeStore, KubeWriteClient } from '../kube-api/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import {
  deleteKubeObject,
  insertKubeObject,
  kubeObjectRows,
  manifestOf,
  updateKubeObject,
  type KubeLinks,
  type KubeObjectRow,
} from './cluster-kube-rows.ts';
import type { ClusterContext } from './cluster-lookup.ts';
import type { ClusterRow } from './cluster-records.ts';
import type { createClusterVolumes } from './cluster-volumes.ts';
import { asPlatform, kubeLinker, originOf } from './cluster-kube-links.ts';

/** Most objects a cluster keeps written through its API, and the largest one (JSON bytes). */
export const KUBE_OBJECTS_PER_CLUSTER = 500;
export const KUBE_OBJECT_MAX_BYTES = 32 * 1024;

const NO_LINKS: KubeLinks = { volumeId: null, loadBalancerId: null };

const keyOf = (kind: string, namespace: string | undefined, name: string) =>
  `${kind}/${namespace ?? ''}/${name}`;

/**
 * A cluster's written objects as the simulated API's store (`KubeStore`). A Service of type
 * LoadBalancer gets a load balancer and a PersistentVolumeClaim a volume, each made and deleted
 * through the cluster's own volume and load balancer changes (the cluster's state, its limits,
 * the event, the audit entry, and the billing that follows the records), as the credential's
 * holder: the platform never bills what the cluster page does not list.
 */
export function createClusterKubeStore(
  { deps }: ClusterContext,
  volumes: ReturnType<typeof createClusterVolumes>,
) {
  const { db } = deps;

  return async function storeOf(cluster: ClusterRow, holder: SessionUser): Promise<KubeStore> {
    const rows = await kubeObjectRows(db, cluster.id);
    const links = new Map(rows.map((row) => [keyOf(row.kind, row.namespace, row.name), row]));
    const objects = rows.map(manifestOf);
    const linksOf = (object: KubeManifest): KubeLinks => {
      const row = links.get(keyOf(object.kind, object.metadata.namespace, object.metadata.name));
      return row ? { volumeId: row.volumeId, loadBalancerId: row.loadBalancerId } : NO_LINKS;
    };
    const clientOf = (client: KubeWriteClient): ClientInfo => ({
      ip: client.ip,
      userAgent: client.userAgent ?? '',
    });
    const link = kubeLinker(cluster, holder, volumes);

    function kept(row: KubeObjectRow, previous?: KubeManifest) {
      const saved = manifestOf(row);
      links.set(keyOf(row.kind, row.namespace, row.name), row);
      const index = previous ? objects.indexOf(previous) : -1;
      if (index >= 0) objects.splice(index, 1, saved);
      else objects.push(saved);
      return saved;
    }

    const mayChange = can(holder, 'orderer') && roleAllows(holder.role, 'write', 'clusters');
    return {
      writeRefusal: mayChange
        ? null
        : 'forbidden: the holder of this credential may read this cluster but not change it (their role in the organization, or an organization or e-mail address not yet confirmed)',
      objects,
      limits: { objects: KUBE_OBJECTS_PER_CLUSTER, objectBytes: KUBE_OBJECT_MAX_BYTES },

      async create(object, client) {
        const linked = await link(object, NO_LINKS, clientOf(client));
        try {
          return kept(await insertKubeObject(db, cluster.id, linked.object, linked.links));
        } catch (error) {
          await linked.undo();
          throw error;
        }
      },

      async update(previous, next, client) {
        const linked = await link(next, linksOf(previous), clientOf(client));
        let row: KubeObjectRow;
        try {
          row = await updateKubeObject(
            db,
            cluster.id,
            previous.metadata.resourceVersion,
            linked.object,
            linked.links,
          );
        } catch (error) {
          await linked.undo();
          throw error;
        }
        await linked.release();
        return kept(row, previous);
      },

      async remove(object, client) {
        const { volumeId, loadBalancerId } = linksOf(object);
        const info = clientOf(client);
        // The record first: a refusal (the cluster's state) keeps the object too. One deleted on
        // the cluster page already is no reason to keep the object.
        const gone = (error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 404) return;
          throw error;
        };
        if (loadBalancerId) {
          await asPlatform(object, () =>
            volumes
              .deleteLoadBalancer(holder, info, cluster.id, loadBalancerId, originOf(object))
              .catch(gone),
          );
        }
        if (volumeId) {
          await asPlatform(object, () =>
            volumes.deleteVolume(holder, info, cluster.id, volumeId, originOf(object)).catch(gone),
          );
        }
        await deleteKubeObject(db, cluster.id, object);
        const index = objects.indexOf(object);
        if (index >= 0) objects.splice(index, 1);
      },
    };
  };
}
export type KubeStoreOf = ReturnType<typeof createClusterKubeStore>;
