import type { KubeConfig } from '@kubernetes/client-node';
import { ProviderError } from './provider-driver.ts';
import { connectToCluster, refusal, type KubeObject } from './kube-cluster-api.ts';

/**
 * Installing an add-on on a real cluster through that cluster's own Kubernetes API: its
 * manifests server-side applied, as `kubectl apply --server-side` does, with the platform as the
 * field manager, so applying again (a retried step) changes nothing and a customer's own
 * changes to other fields are kept; removed by deleting what was applied.
 *
 * The rule for where each object goes: whether a kind is namespaced is the cluster's own answer
 * (its discovery, `GET /api/v1`, `/apis/<group>/<version>`, as kubectl asks). A cluster-scoped
 * object (a CustomResourceDefinition, ClusterRole, ClusterRoleBinding, webhook configuration,
 * IngressClass, PriorityClass, APIService…) is applied without a namespace; a namespaced one in
 * the namespace its manifest names, or the add-on's when it names none (Argo CD's install.yaml
 * names none; cert-manager's puts its leader-election Roles in kube-system, where its
 * controllers look for them). The add-on's namespace, the manifest's Namespaces and its
 * CustomResourceDefinitions are applied first, everything else in the manifest's order; a
 * removal deletes in the reverse order, the namespaces last, and keeps the
 * CustomResourceDefinitions, as `helm uninstall` does: deleting one deletes every object of its
 * kind in the cluster, which may be the customer's (their Certificates, Applications, policies).
 *
 * The objects are sent as the manifest has them (JSON, which YAML includes): client-node's
 * `KubernetesObjectApi.patch` would pass them through its typed models first, which drop the
 * fields a model lacks and the `x-kubernetes-*` keys of a CRD's schema given as plain JSON.
 * Proven against the simulated API (`apps/server/test/integration/kube-client-apply.test.ts`)
 * and the GKE double's (`apps/server/test/integration/gke-addons.test.ts`).
 */

/** The field manager the platform's applies are recorded under in `managedFields`. */
export const PLATFORM_FIELD_MANAGER = 'alpenkube';

export type { KubeObject } from './kube-cluster-api.ts';

/** Kinds whose objects must exist before the others can be applied. */
const FIRST_KINDS = ['Namespace', 'CustomResourceDefinition'];

/**
 * The add-on's objects in the order they are applied, each with its namespace as the rule says
 * (`namespaced` answers the cluster's discovery). The add-on's Namespace comes first.
 */
export function placeObjects(
  namespace: string,
  manifests: KubeObject[],
  namespaced: (object: KubeObject) => boolean,
): KubeObject[] {
  const all: KubeObject[] = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } },
    ...manifests,
  ];
  const placed = all.map((object) => {
    const { namespace: own, ...metadata } = object.metadata;
    return namespaced(object)
      ? { ...object, metadata: { ...metadata, namespace: own || namespace } }
      : { ...object, metadata };
  });
  const rank = (object: KubeObject) => {
    const index = FIRST_KINDS.indexOf(object.kind);
    return index === -1 ? FIRST_KINDS.length : index;
  };
  // Stable: within a rank, the manifest's order. The add-on's Namespace once.
  return placed
    .map((object, index) => ({ object, index }))
    .sort((a, b) => rank(a.object) - rank(b.object) || a.index - b.index)
    .map(({ object }) => object)
    .filter(
      (object, index, list) =>
        list.findIndex(
          (other) =>
            other.kind === object.kind &&
            other.apiVersion === object.apiVersion &&
            other.metadata.name === object.metadata.name &&
            other.metadata.namespace === object.metadata.namespace,
        ) === index,
    );
}

/** How an object is named in an answer or a message: `ClusterRole cert-manager-edit`. */
export const describeObject = (object: KubeObject) =>
  `${object.kind} ${object.metadata.namespace ? `${object.metadata.namespace}/` : ''}${object.metadata.name}`;

/** Whether the manifest defines the kind itself (its CRD may not be served yet). */
const definedBy = (manifests: KubeObject[], object: KubeObject) =>
  manifests.some((candidate) => {
    if (candidate.kind !== 'CustomResourceDefinition') return false;
    const spec = candidate.spec as { group?: string; names?: { kind?: string } } | undefined;
    return spec?.group === object.apiVersion.split('/')[0] && spec?.names?.kind === object.kind;
  });

/** Every object placed as the rule says, each with its path on this cluster. */
async function located(
  api: ReturnType<typeof connectToCluster>,
  namespace: string,
  manifests: KubeObject[],
  signal: AbortSignal | undefined,
  { removing }: { removing: boolean },
) {
  const scopes = new Map<KubeObject, boolean>();
  const missing = new Set<KubeObject>();
  for (const object of manifests) {
    const resource = await api.resourceOf(object, signal);
    if (resource) {
      scopes.set(object, resource.namespaced);
      continue;
    }
    // Removing: gone with its CustomResourceDefinition, or never served; nothing to delete.
    // Applying: a kind the manifest's own new CRD defines is applied at the next attempt.
    if (!removing && !definedBy(manifests, object)) {
      throw new ProviderError(
        `The cluster's Kubernetes API serves no ${object.kind} of ${object.apiVersion}`,
        false,
      );
    }
    missing.add(object);
  }
  const present = manifests.filter((object) => !missing.has(object));
  // The add-on's own Namespace, added by the rule, is cluster-scoped as every Namespace.
  const placed = placeObjects(namespace, present, (object) => scopes.get(object) ?? false);
  const paths: { object: KubeObject; path: string }[] = [];
  for (const object of placed) {
    const resource = await api.resourceOf(object, signal);
    if (resource) paths.push({ object, path: api.pathOf(object, resource) });
  }
  return { paths, missing: [...missing] };
}

/**
 * Server-side applies the add-on's objects (see the rule above), forcing the platform's
 * ownership of the fields it sets; the number of objects applied. Applying again changes
 * nothing. A network failure or 5xx is retried, then fails as retryable; a 4xx fails with the
 * cluster's message.
 */
export async function applyAddonManifests(
  kubeconfig: string | KubeConfig,
  namespace: string,
  manifests: KubeObject[],
  signal?: AbortSignal,
): Promise<number> {
  const api = connectToCluster(kubeconfig);
  const { paths: objects, missing } = await located(api, namespace, manifests, signal, {
    removing: false,
  });
  for (const { object, path } of objects) {
    const what = `apply ${describeObject(object)}`;
    const answer = await api.call(
      what,
      'PATCH',
      `${path}?fieldManager=${PLATFORM_FIELD_MANAGER}&force=true`,
      { body: object, contentType: 'application/apply-patch+yaml', signal },
    );
    if (answer.status >= 300) throw refusal(what, answer);
  }
  if (missing.length) {
    // Its CRD, applied just now, is not established yet: the step's next attempt applies it.
    const kinds = [...new Set(missing.map((object) => object.kind))].join(', ');
    throw new ProviderError(
      `The cluster's Kubernetes API serves no ${kinds} yet (its CustomResourceDefinition is new): the rest is applied`,
      true,
    );
  }
  return objects.length;
}

/**
 * Deletes what `applyAddonManifests` applied but its CustomResourceDefinitions, in the reverse
 * order, the namespaces last; one already gone is no failure (a retried step). `gone` once the add-on's namespace is gone (a
 * namespace terminates while its contents are deleted); asked again while it terminates, it
 * deletes nothing again, as everything else went before it.
 */
export async function removeAddonManifests(
  kubeconfig: string | KubeConfig,
  namespace: string,
  manifests: KubeObject[],
  signal?: AbortSignal,
): Promise<{ deleted: number; gone: boolean }> {
  const api = connectToCluster(kubeconfig);
  const { paths } = await located(api, namespace, manifests, signal, { removing: true });
  const objects = paths
    .filter(({ object }) => object.kind !== 'CustomResourceDefinition')
    .reverse();
  const own = objects.find(
    ({ object }) => object.kind === 'Namespace' && object.metadata.name === namespace,
  )!;
  const readOwn = async () => {
    const read = await api.call(`read namespace ${namespace}`, 'GET', own.path, { signal });
    if (read.status >= 300 && read.status !== 404) {
      throw refusal(`read namespace ${namespace}`, read);
    }
    return read.status === 404 ? null : read.body;
  };
  // Terminating already: an earlier attempt deleted everything, this namespace last.
  const before = await readOwn();
  if ((before?.metadata as { deletionTimestamp?: string } | undefined)?.deletionTimestamp) {
    return { deleted: 0, gone: false };
  }
  let deleted = 0;
  for (const { object, path } of objects) {
    const what = `delete ${describeObject(object)}`;
    const answer = await api.call(what, 'DELETE', `${path}?propagationPolicy=Background`, {
      signal,
    });
    if (answer.status === 404) continue;
    if (answer.status >= 300) throw refusal(what, answer);
    deleted += 1;
  }
  return { deleted, gone: (await readOwn()) === null };
}
