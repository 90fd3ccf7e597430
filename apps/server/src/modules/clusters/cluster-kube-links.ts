import { createVolumeSchema, storageClasses } from '@alpenkube/contract';
import { HttpError } from '../../lib/http-error.ts';
import { failure, KubeRefusal, storageGiB, type KubeManifest } from '../kube-api/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import type { KubeLinks } from './cluster-kube-rows.ts';
import type { ClusterRow } from './cluster-records.ts';
import type { createClusterVolumes } from './cluster-volumes.ts';

const DEFAULT_CLASS = storageClasses.find((entry) => entry.default)!.slug;
type Fields = Record<string, unknown>;
const nothing = async () => {};

/** What a write did to the platform's records, and how to take it back or finish it. */
export interface Linked {
  links: KubeLinks;
  object: KubeManifest;
  /** Takes back what was made, when the object could not be kept after all. */
  undo: () => Promise<void>;
  /** Deletes what the object no longer needs, once it is kept. */
  release: () => Promise<void>;
}

/** How an event names the object a record is made for. */
export const originOf = (object: KubeManifest) =>
  `for ${object.kind} ${object.metadata.namespace}/${object.metadata.name}`;

/** A refusal of the platform's (a limit, the cluster's state) as the kube client reads it. */
export async function asPlatform<T>(object: KubeManifest, work: () => Promise<T>): Promise<T> {
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

/**
 * What a written object needs of the platform, made or deleted through the cluster's own volume
 * and load balancer changes as the credential's holder: a LoadBalancer Service's load balancer,
 * a claim's volume. `link` answers the object with the status they give it.
 */
export function kubeLinker(
  cluster: ClusterRow,
  holder: SessionUser,
  volumes: ReturnType<typeof createClusterVolumes>,
) {
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

  return link;
}
