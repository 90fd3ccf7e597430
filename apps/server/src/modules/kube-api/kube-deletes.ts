import type { KubeStore, KubeWriteClient } from './kube-store.ts';
import { timestamp } from './kube-names.ts';
import { writable, type Target, type WriteRequest } from './kube-writes.ts';

/**
 * Deletes a stored object. A namespace with objects in it is `Terminating` first, as on a real
 * cluster: `kubectl delete -f` deletes the objects listed after it, and the next request that
 * is not a deletion finishes it (`finishTerminating`), taking whatever is left in it along.
 */
export async function deleteObject(request: WriteRequest, target: Target) {
  const object = writable(request, target);
  const inside = request.store.objects.some(
    (entry) => entry.metadata.namespace === object.metadata.name,
  );
  if (object.kind === 'Namespace' && inside && !object.metadata.deletionTimestamp) {
    const terminating = structuredClone(object);
    terminating.metadata.deletionTimestamp = timestamp(request.now);
    terminating.status = { phase: 'Terminating' };
    return request.store.update(object, terminating, request.client);
  }
  await request.store.remove(object, request.client);
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name: object.metadata.name, kind: target.resource.name, uid: object.metadata.uid },
  };
}

/** Removes the namespaces being deleted, and every object still in them. */
export async function finishTerminating(store: KubeStore, client: KubeWriteClient) {
  const terminating = store.objects.filter(
    (object) => object.kind === 'Namespace' && object.metadata.deletionTimestamp,
  );
  for (const namespace of terminating) {
    const name = namespace.metadata.name;
    for (const object of store.objects.filter((entry) => entry.metadata.namespace === name)) {
      await store.remove(object, client);
    }
    await store.remove(namespace, client);
  }
}
