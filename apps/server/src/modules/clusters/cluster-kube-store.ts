import { createVolumeSchema, storageClasses } from '@alpenkube/contract';
import { can, roleAllows } from '@alpenkube/contract/permissions';
import { HttpError } from '../../lib/http-error.ts';
import {
  failure,
  KubeRefusal,
  storageGiB,
  type KubeManifest,
  type KubeStore,
  type KubeWriteClient,
} from '../kube-api/index.ts';
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

/** Most objects a cluster keeps written through its API, and the largest one (JSON bytes). */
export const KUBE_OBJECTS_PER_CLUSTER = 500;
export const KUBE_OBJECT_MAX_BYTES = 32 * 1024;

const NO_LINKS: KubeLinks = { volumeId: null, loadBalancerId: null };
const DEFAULT_CLASS = storageClasses.find((entry) => entry.default)!.slug;
type Fields = Record<string, unknown>;

/** What a write did to the platform's records, and how to take it back or finish it. */
interface Linked {
  links: KubeLinks;
  object: KubeManifest;
  /** Takes back what was made, when the object could not be kept after all. */
  undo: () => Promise<void>;
  /** Deletes what the object no longer needs, once it is kept. */
  release: () => Promise<void>;
}

const keyOf = (kind: string, namespace: string | undefined, name: string) =>
  `${kind}/${namespace ?? ''}/${name}`;
const nothing = async () => {};

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
    const originOf = (object: KubeManifest) =>
      `for ${object.kind} ${object.metadata.namespace}/${object.metadata.name}`;

    /** A refusal of the platform's (a limit, the cluster's state) as the kube client reads it. */
    async function asPlatform<T>(object: KubeManifest, work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        throw new KubeRefusal(
          failure(
            403,
            'Forbidden',
            `${object.kind} "${object.metadata.name}" is forbidden: ${error.message}`,
          ),
        );
      }
    }

    async function loadBalancerFor(object: KubeManifest, had: number | null, client: ClientInfo) {
      const wanted = (object.spec as Fields | undefined)?.type === 'LoadBalancer';
      const drop = (id: number) => () =>
        asPlatform(object, () =>
          volumes.deleteLoadBalancer(holder, client, cluster.id, id, originOf(object)),
        ).then(() => undefined);
      if (!wanted) {
        object.status = { loadBalancer: {} };
        return { loadBalancerId: null, undo: nothing, release: had ? drop(had) : nothing };
      }
      if (had) return { loadBalancerId: had, undo: nothing, release: nothing };
      // Named as DigitalOcean's cloud controller names a Service's load balancer.
      const name = `a${object.metadata.uid.replace(/-/g, '')}`.slice(0, 32);
      const made = await asPlatform(object, () =>
        volumes.createLoadBalancer(holder, client, cluster.id, { name }, originOf(object)),
      );
      const balancer = made.loadBalancers.find((entry) => entry.name === name)!;
      object.status = { loadBalancer: { ingress: [{ ip: balancer.ip }] } };
      return { loadBalancerId: balancer.id, undo: drop(balancer.id), release: nothing };
    }

    async function volumeFor(object: KubeManifest, had: number | null, client: ClientInfo) {
      if (had) return { volumeId: had, undo: nothing };
      const spec = (object.spec ?? {}) as Fields;
      const requests = ((spec.resources as Fields | undefined)?.requests ?? {}) as Fields;
      const body = {
        name: `pvc-${object.metadata.uid}`,
        sizeGb: storageGiB(requests.storage) ?? 0,
        storageClass: (spec.storageClassName as string | undefined) ?? DEFAULT_CLASS,
      };
      const checked = createVolumeSchema.safeParse(body);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        const field =
          issue.path[0] === 'storageClass'
            ? 'spec.storageClassName'
            : 'spec.resources.requests[storage]';
        const allowed =
          issue.path[0] === 'storageClass'
            ? ` (one of ${storageClasses.map((entry) => entry.slug).join(', ')})`
            : '';
        throw new KubeRefusal(
          failure(
            422,
            'Invalid',
            `PersistentVolumeClaim "${object.metadata.name}" is invalid: ${field}: Invalid value: ${issue.message}${allowed}`,
          ),
        );
      }
      const made = await asPlatform(object, () =>
        volumes.createVolume(holder, client, cluster.id, checked.data, originOf(object)),
      );
      const volume = made.volumes.find((entry) => entry.name === body.name)!;
      object.spec = { ...spec, storageClassName: body.storageClass, volumeName: body.name };
      object.status = {
        phase: 'Bound',
        accessModes: spec.accessModes,
        capacity: { storage: `${body.sizeGb}Gi` },
      };
      const undo = () =>
        volumes.deleteVolume(holder, client, cluster.id, volume.id!).then(() => undefined);
      return { volumeId: volume.id, undo };
    }

    async function link(object: KubeManifest, had: KubeLinks, client: ClientInfo): Promise<Linked> {
      const linked = structuredClone(object);
      if (object.kind === 'Service') {
        const balancer = await loadBalancerFor(linked, had.loadBalancerId, client);
        const { loadBalancerId, undo, release } = balancer;
        return { links: { ...had, loadBalancerId }, object: linked, undo, release };
      }
      if (object.kind === 'PersistentVolumeClaim') {
        const { volumeId, undo } = await volumeFor(linked, had.volumeId, client);
        return { links: { ...had, volumeId }, object: linked, undo, release: nothing };
      }
      return { links: had, object: linked, undo: nothing, release: nothing };
    }

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
