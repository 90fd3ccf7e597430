import { jsonPatch, mergePatch, PatchError, strategicMerge } from './kube-patch.ts';
import { KubeRefusal, type KubeManifest } from './kube-store.ts';
import { failure } from './kube-status.ts';
import { timestamp } from './kube-names.ts';
import {
  createObject,
  replaceObject,
  storedOf,
  visibleOf,
  writable,
  type Target,
  type WriteRequest,
} from './kube-writes.ts';

/** The patch types of the API server, by content type. */
export const PATCH_TYPES = {
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/json-patch+json': 'json',
  'application/apply-patch+yaml': 'apply',
} as const;
export type PatchType = (typeof PATCH_TYPES)[keyof typeof PATCH_TYPES];

type Json = Parameters<typeof mergePatch>[0];

const invalid = (error: unknown): never => {
  if (error instanceof PatchError) throw new KubeRefusal(failure(422, 'Invalid', error.message));
  throw error;
};

/** Applies a patch to an object; 422 when it cannot be applied. */
export function patched(
  type: Exclude<PatchType, 'apply'>,
  object: unknown,
  patch: unknown,
): unknown {
  try {
    if (type === 'json') return jsonPatch(object as Json, patch);
    if (type === 'merge') return mergePatch(object as Json, patch as Json);
    return strategicMerge(object as Json, patch as Json);
  } catch (error) {
    return invalid(error);
  }
}

function withManager(object: KubeManifest, manager: string, operation: string, now: Date) {
  const others = (object.metadata.managedFields ?? []).filter((entry) => entry.manager !== manager);
  object.metadata.managedFields = [
    ...others,
    { manager, operation, apiVersion: object.apiVersion, time: timestamp(now) },
  ];
  return object;
}

/**
 * Server-side apply (`kubectl apply --server-side`, the client libraries' apply): creates the
 * object, or merges the applied fields into it as a strategic merge would. Fields a manager
 * stops applying are kept (the simulation tracks no field ownership, so there are no
 * conflicts either); each manager is listed in `managedFields`.
 */
export async function applyObject(
  request: WriteRequest,
  target: Target,
  body: unknown,
  fieldManager: string | undefined,
) {
  if (!fieldManager) {
    throw new KubeRefusal(
      failure(400, 'BadRequest', 'PATCH /apply requests require a non-empty fieldManager'),
    );
  }
  const name = target.name!;
  const stored = storedOf(request.store, target.resource.kind, target.namespace, name);
  if (!stored && !visibleOf(request, target, name)) {
    const object = structuredClone(body) as KubeManifest;
    if (object && typeof object === 'object' && object.metadata) {
      withManager(object, fieldManager, 'Apply', request.now);
    }
    return createObject(request, { ...target, name: undefined }, object);
  }
  const current = writable(request, target);
  const next = patched('strategic', current, body) as KubeManifest;
  next.metadata.resourceVersion = current.metadata.resourceVersion;
  return replaceObject(request, target, withManager(next, fieldManager, 'Apply', request.now));
}

/** A PATCH of any type, as the content type says. */
export async function patchObject(
  request: WriteRequest,
  target: Target,
  type: PatchType,
  body: unknown,
  fieldManager: string | undefined,
) {
  if (type === 'apply') return applyObject(request, target, body, fieldManager);
  const current = writable(request, target);
  const next = patched(type, current, body) as KubeManifest;
  if (fieldManager && next?.metadata) withManager(next, fieldManager, 'Update', request.now);
  return replaceObject(request, target, next);
}

/** A deployment's `scale` subresource: its replicas, as `kubectl scale` reads and writes them. */
export function scaleOf(deployment: KubeManifest) {
  const spec = deployment.spec ?? {};
  const selector = (spec.selector as { matchLabels?: Record<string, string> } | undefined)
    ?.matchLabels;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: deployment.metadata.name,
      namespace: deployment.metadata.namespace,
      uid: deployment.metadata.uid,
      resourceVersion: deployment.metadata.resourceVersion,
      creationTimestamp: deployment.metadata.creationTimestamp,
    },
    spec: { replicas: spec.replicas ?? 1 },
    status: {
      replicas: spec.replicas ?? 1,
      selector: Object.entries(selector ?? {})
        .map(([key, value]) => `${key}=${value}`)
        .join(','),
    },
  };
}

/** Sets the replicas a `Scale` (PUT) or a patch of one asks for. */
export async function scaleTo(
  request: WriteRequest,
  target: Target,
  change: { type: PatchType | 'replace'; body: unknown },
) {
  const deployment = writable(request, target);
  const current = scaleOf(deployment);
  let scale: unknown = change.body;
  if (change.type !== 'replace') {
    if (change.type === 'apply') scale = patched('strategic', current, change.body);
    else scale = patched(change.type, current, change.body);
  }
  const replicas = (scale as { spec?: { replicas?: unknown } } | null)?.spec?.replicas;
  const sent = (scale as { metadata?: { resourceVersion?: string } } | null)?.metadata
    ?.resourceVersion;
  const next = structuredClone(deployment);
  next.spec = { ...next.spec, replicas };
  next.metadata.resourceVersion = sent || deployment.metadata.resourceVersion;
  const saved = await replaceObject(request, target, next);
  return scaleOf(saved);
}
