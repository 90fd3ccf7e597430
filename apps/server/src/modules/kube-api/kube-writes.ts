import { randomUUID } from 'node:crypto';
import type { KubeResource } from './kube-resources.ts';
import type { ClusterObjects } from './kube-objects.ts';
import {
  KubeRefusal,
  type KubeManifest,
  type KubeStore,
  type KubeWriteClient,
} from './kube-store.ts';
import type { KubeClusterView, KubeObject } from './kube-types.ts';
import { failure, objectNotFound } from './kube-status.ts';
import { checkObject } from './kube-validation.ts';
import { nameSuffix, timestamp } from './kube-names.ts';

/**
 * Creating, replacing and deleting the objects clients write, as the API server does it: the
 * checks of the request against the path, the metadata the server owns (uid, creation time,
 * generation), a 409 for a name taken, a 404 for an unknown object, and a 403 for an object
 * the platform derives (the `kubernetes` service, a node, a system namespace).
 */

export interface WriteRequest {
  cluster: KubeClusterView;
  store: KubeStore;
  objects: ClusterObjects;
  client: KubeWriteClient;
  now: Date;
}

/** What a write needs of a resource. */
export type WritableResource = Pick<
  KubeResource,
  'name' | 'groupVersion' | 'kind' | 'namespaced'
> & {
  objects: (all: ClusterObjects) => KubeObject[];
};

/** Where a write is aimed: the resource, the namespace of its path, and a name if any. */
export interface Target {
  resource: WritableResource;
  namespace?: string;
  name?: string;
}

const refuse = (code: number, reason: string, message: string, target?: Target): never => {
  throw new KubeRefusal(
    failure(
      code,
      reason,
      message,
      target?.name ? { name: target.name, kind: target.resource.name } : undefined,
    ),
  );
};

/**
 * A 422 as the API server writes it: kubectl prints `The <Kind> "<name>" is invalid:` and the
 * causes, each a field and what is wrong with it.
 */
function invalidStatus(resource: WritableResource, name: string, issues: string[]) {
  const kind = `${resource.kind}${qualified(resource).replace(/^[^.]*/, '')}`;
  const status = failure(
    422,
    'Invalid',
    `${kind} "${name}" is invalid: ${issues.slice(0, 5).join(', ')}`,
    {
      name,
      kind: resource.kind,
    },
  );
  status.details!.group = resource.groupVersion?.split('/')[0] ?? '';
  status.details!.causes = issues.map((issue) => {
    const [field = '', ...message] = issue.split(': ');
    return { reason: 'FieldValueInvalid', message: message.join(': '), field };
  });
  return status;
}

const qualified = (resource: WritableResource) =>
  resource.groupVersion?.includes('/')
    ? `${resource.name}.${resource.groupVersion.split('/')[0]}`
    : resource.name;

/** The written object of that kind, namespace and name, if a client wrote it. */
export function storedOf(
  store: KubeStore,
  kind: string,
  namespace: string | undefined,
  name: string,
) {
  return store.objects.find(
    (object) =>
      object.kind === kind &&
      object.metadata.name === name &&
      (object.metadata.namespace ?? '') === (namespace ?? ''),
  );
}

/** What kubectl reads as one object: the visible one (with the status it is read with). */
export function visibleOf(request: WriteRequest, target: Target, name: string) {
  return target.resource
    .objects(request.objects)
    .find(
      (object) =>
        object.metadata.name === name &&
        (object.metadata.namespace ?? '') === (target.namespace ?? ''),
    );
}

/** The stored object a write changes: 404 when there is none, 403 when the platform owns it. */
export function writable(request: WriteRequest, target: Target): KubeManifest {
  const name = target.name!;
  const stored = storedOf(request.store, target.resource.kind, target.namespace, name);
  if (stored) return stored;
  if (visibleOf(request, target, name)) {
    refuse(
      403,
      'Forbidden',
      `${qualified(target.resource)} "${name}" is managed by the platform and cannot be changed through this API`,
      target,
    );
  }
  throw new KubeRefusal(objectNotFound(qualified(target.resource), name));
}

function asManifest(body: unknown, target: Target): KubeManifest {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    refuse(400, 'BadRequest', 'the body of the request must be an object');
  const object = structuredClone(body) as KubeManifest;
  const apiVersion = target.resource.groupVersion ?? 'v1';
  if (object.kind !== target.resource.kind) {
    refuse(
      400,
      'BadRequest',
      `the kind of the object (${String(object.kind)}) does not match the resource ${target.resource.name} (${target.resource.kind})`,
    );
  }
  if (object.apiVersion !== apiVersion) {
    refuse(
      400,
      'BadRequest',
      `the API version in the data (${String(object.apiVersion)}) does not match the expected API version (${apiVersion})`,
    );
  }
  object.metadata = { ...(object.metadata ?? {}) } as KubeManifest['metadata'];
  return object;
}

/** Checks an object against its path and kind, and the cluster's limits; 4xx Status otherwise. */
function prepared(request: WriteRequest, target: Target, object: KubeManifest): KubeManifest {
  const { metadata } = object;
  if (target.resource.namespaced) {
    if (metadata.namespace && metadata.namespace !== target.namespace) {
      refuse(
        400,
        'BadRequest',
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    }
    metadata.namespace = target.namespace;
    const namespaces = request.objects.namespaces.map((namespace) => namespace.metadata.name);
    if (!namespaces.includes(target.namespace!)) {
      throw new KubeRefusal(objectNotFound('namespaces', target.namespace!));
    }
  } else delete metadata.namespace;
  if (target.name && metadata.name !== target.name) {
    refuse(
      400,
      'BadRequest',
      `the name of the object (${String(metadata.name)}) does not match the name on the URL (${target.name})`,
    );
  }
  metadata.labels ??= {};
  const issues = checkObject(object, request.cluster.id);
  const bytes = Buffer.byteLength(JSON.stringify(object));
  if (bytes > request.store.limits.objectBytes) {
    issues.push(
      `metadata: Too long: the object is ${bytes} bytes of JSON; an object written to this cluster may be at most ${request.store.limits.objectBytes}`,
    );
  }
  if (issues.length)
    throw new KubeRefusal(invalidStatus(target.resource, String(metadata.name), issues));
  return object;
}

export async function createObject(request: WriteRequest, target: Target, body: unknown) {
  const object = asManifest(body, target);
  const { metadata } = object;
  if (!metadata.name && typeof metadata.generateName === 'string') {
    metadata.name = `${metadata.generateName}${nameSuffix(randomUUID(), 5)}`;
  }
  prepared(request, target, object);
  if (visibleOf(request, target, metadata.name)) {
    refuse(
      409,
      'AlreadyExists',
      `${qualified(target.resource)} "${metadata.name}" already exists`,
      { ...target, name: metadata.name },
    );
  }
  const { limits, objects } = request.store;
  if (objects.length >= limits.objects) {
    refuse(
      403,
      'Forbidden',
      `${qualified(target.resource)} "${metadata.name}" is forbidden: exceeded quota: this cluster keeps at most ${limits.objects} objects written through its API`,
    );
  }
  // The store sets the resourceVersion; a client's own is meaningless on a create.
  Object.assign(metadata, {
    uid: randomUUID(),
    creationTimestamp: timestamp(request.now),
    resourceVersion: '',
    ...(object.spec && target.resource.kind !== 'Namespace' ? { generation: 1 } : {}),
  });
  return request.store.create(object, request.client);
}

/** Replaces a stored object with `body`, keeping what the server owns; PUT and every patch. */
export async function replaceObject(request: WriteRequest, target: Target, body: unknown) {
  const previous = writable(request, target);
  const object = prepared(request, target, asManifest(body, target));
  const sent = object.metadata.resourceVersion;
  if (sent && sent !== previous.metadata.resourceVersion) {
    refuse(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${qualified(target.resource)} "${target.name}": the object has been modified; please apply your changes to the latest version and try again`,
      target,
    );
  }
  if (
    previous.kind === 'PersistentVolumeClaim' &&
    JSON.stringify(previous.spec) !== JSON.stringify(object.spec)
  ) {
    refuse(
      422,
      'Invalid',
      `PersistentVolumeClaim "${target.name}" is invalid: spec: Forbidden: spec is immutable after creation (a claim cannot be resized here: make a new claim)`,
      target,
    );
  }
  const changedSpec = JSON.stringify(previous.spec) !== JSON.stringify(object.spec);
  Object.assign(object.metadata, {
    uid: previous.metadata.uid,
    creationTimestamp: previous.metadata.creationTimestamp,
    resourceVersion: previous.metadata.resourceVersion,
    ...(previous.metadata.generation
      ? { generation: previous.metadata.generation + (changedSpec ? 1 : 0) }
      : {}),
  });
  // The status is the server's own: what a client sends there is not kept.
  if (previous.status) object.status = previous.status;
  return request.store.update(previous, object, request.client);
}
