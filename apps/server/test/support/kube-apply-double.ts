/**
 * The part of a real cluster's Kubernetes API that an add-on's server-side apply uses, for the
 * GKE double's clusters: discovery (`GET /api/v1`, `/apis/<group>/<version>`, each resource
 * with its `namespaced`), `PATCH` with `application/apply-patch+yaml` (a `fieldManager` is
 * required, as the API server requires it), `GET` and `DELETE` of one object. As a real API
 * server: a cluster-scoped kind is not found under `namespaces/`, an object's namespace must be
 * the path's, a namespaced object needs its namespace to exist and not be terminating (403),
 * and a Namespace deleted is `Terminating` for the next request, gone at the one after with
 * what is in it.
 */

interface Kind {
  groupVersion: string;
  kind: string;
  name: string;
  namespaced: boolean;
}

const KINDS: Kind[] = [
  ['v1', 'Namespace', 'namespaces', false],
  ['v1', 'ServiceAccount', 'serviceaccounts', true],
  ['v1', 'ConfigMap', 'configmaps', true],
  ['v1', 'Secret', 'secrets', true],
  ['v1', 'Service', 'services', true],
  ['apps/v1', 'Deployment', 'deployments', true],
  ['apps/v1', 'StatefulSet', 'statefulsets', true],
  ['apps/v1', 'DaemonSet', 'daemonsets', true],
  ['batch/v1', 'Job', 'jobs', true],
  ['rbac.authorization.k8s.io/v1', 'ClusterRole', 'clusterroles', false],
  ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', 'clusterrolebindings', false],
  ['rbac.authorization.k8s.io/v1', 'Role', 'roles', true],
  ['rbac.authorization.k8s.io/v1', 'RoleBinding', 'rolebindings', true],
  ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'customresourcedefinitions', false],
  [
    'admissionregistration.k8s.io/v1',
    'ValidatingWebhookConfiguration',
    'validatingwebhookconfigurations',
    false,
  ],
  [
    'admissionregistration.k8s.io/v1',
    'MutatingWebhookConfiguration',
    'mutatingwebhookconfigurations',
    false,
  ],
  ['networking.k8s.io/v1', 'IngressClass', 'ingressclasses', false],
  ['networking.k8s.io/v1', 'NetworkPolicy', 'networkpolicies', true],
].map(([groupVersion, kind, name, namespaced]) => ({
  groupVersion,
  kind,
  name,
  namespaced,
})) as Kind[];

export interface StoredObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    managedFields?: { manager: string; operation: string }[];
    deletionTimestamp?: string;
  };
  [field: string]: unknown;
}

export type KubeAnswer = { status: number; body: unknown };

const statusOf = (code: number, reason: string, message: string): KubeAnswer => ({
  status: code,
  body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, message, code },
});

export function createKubeApplyDouble() {
  /** `<groupVersion>/<resource>/<namespace or ->/<name>` → the object as applied. */
  const objects = new Map<string, StoredObject>(
    // What every cluster has from the start.
    ['default', 'kube-system', 'kube-public'].map((name) => [
      `v1/namespaces/-/${name}`,
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
    ]),
  );
  const faults = { fail: 0, refuse: null as string | null };
  const keyOf = (kind: Kind, namespace: string | undefined, name: string) =>
    `${kind.groupVersion}/${kind.name}/${namespace ?? '-'}/${name}`;

  /** Namespaces deleted: how many more requests (not deletions) see each one terminating. */
  const terminating = new Map<string, number>();
  /** Namespaces terminating long enough go now, with everything in them. */
  function finishTerminating() {
    for (const [key, object] of objects) {
      if (object.kind !== 'Namespace' || !object.metadata.deletionTimestamp) continue;
      const left = terminating.get(key) ?? 0;
      if (left > 0) {
        terminating.set(key, left - 1);
        continue;
      }
      terminating.delete(key);
      objects.delete(key);
      for (const [inner, contained] of objects) {
        if (contained.metadata.namespace === object.metadata.name) objects.delete(inner);
      }
    }
  }

  function handle(
    method: string,
    url: URL,
    contentType: string | undefined,
    body: unknown,
  ): KubeAnswer | null {
    const path = url.pathname;
    const discovery = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))$/.exec(path);
    if (discovery && method === 'GET') {
      const groupVersion = discovery[1] ?? discovery[2]!;
      const resources = KINDS.filter((kind) => kind.groupVersion === groupVersion);
      if (!resources.length)
        return statusOf(404, 'NotFound', 'the server could not find the requested resource');
      return {
        status: 200,
        body: {
          kind: 'APIResourceList',
          apiVersion: 'v1',
          groupVersion,
          resources: resources.map((kind) => ({
            name: kind.name,
            singularName: kind.kind.toLowerCase(),
            namespaced: kind.namespaced,
            kind: kind.kind,
            verbs: ['create', 'delete', 'get', 'list', 'patch', 'update'],
          })),
        },
      };
    }
    const match =
      /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))(?:\/namespaces\/([^/]+))?\/([^/]+)\/([^/]+)$/.exec(
        path,
      );
    if (!match) return null;
    const [, core, grouped, namespace, resource, rawName] = match;
    const groupVersion = core ?? grouped!;
    const name = decodeURIComponent(rawName!);
    const kind = KINDS.find((k) => k.groupVersion === groupVersion && k.name === resource);
    // A cluster-scoped kind under a namespace, or a namespaced one without: no such path.
    if (!kind || kind.namespaced !== (namespace !== undefined)) return null;
    if (method !== 'DELETE') finishTerminating();
    const key = keyOf(kind, namespace, name);

    if (method === 'GET') {
      const found = objects.get(key);
      return found
        ? { status: 200, body: found }
        : statusOf(404, 'NotFound', `${kind.name} "${name}" not found`);
    }
    if (method === 'DELETE') {
      const found = objects.get(key);
      if (!found) return statusOf(404, 'NotFound', `${kind.name} "${name}" not found`);
      if (kind.kind === 'Namespace') {
        if (!found.metadata.deletionTimestamp) terminating.set(key, 1);
        found.metadata.deletionTimestamp ??= new Date().toISOString();
      } else {
        objects.delete(key);
      }
      return { status: 200, body: { kind: 'Status', apiVersion: 'v1', status: 'Success' } };
    }
    if (method !== 'PATCH') return statusOf(405, 'MethodNotAllowed', `${method} is not allowed`);
    if (contentType !== 'application/apply-patch+yaml') {
      return statusOf(
        415,
        'UnsupportedMediaType',
        `the body of the request was in an unknown format - ${contentType}`,
      );
    }
    if (!url.searchParams.get('fieldManager')) {
      return statusOf(
        400,
        'BadRequest',
        'PATCH /apply requests require fieldManager to be specified',
      );
    }
    if (faults.fail > 0) {
      faults.fail -= 1;
      return statusOf(
        503,
        'ServiceUnavailable',
        'the server is currently unable to handle the request',
      );
    }
    if (faults.refuse) {
      const message = faults.refuse;
      faults.refuse = null;
      return statusOf(422, 'Invalid', message);
    }
    const applied = body as StoredObject;
    if (applied?.apiVersion !== kind.groupVersion || applied.kind !== kind.kind) {
      return statusOf(
        400,
        'BadRequest',
        `the object is not a ${kind.kind} of ${kind.groupVersion}`,
      );
    }
    if (applied.metadata?.name !== name) {
      return statusOf(
        400,
        'BadRequest',
        'the name of the object does not match the name on the URL',
      );
    }
    if ((applied.metadata.namespace ?? namespace) !== namespace) {
      return statusOf(
        400,
        'BadRequest',
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    }
    if (namespace !== undefined) {
      const space = objects.get(`v1/namespaces/-/${namespace}`);
      if (!space) return statusOf(404, 'NotFound', `namespaces "${namespace}" not found`);
      if (space.metadata.deletionTimestamp) {
        return statusOf(
          403,
          'Forbidden',
          `unable to create new content in namespace ${namespace} because it is being terminated`,
        );
      }
    }
    const manager = url.searchParams.get('fieldManager')!;
    const stored: StoredObject = {
      ...applied,
      metadata: {
        ...applied.metadata,
        ...(namespace === undefined ? {} : { namespace }),
        managedFields: [{ manager, operation: 'Apply' }],
      },
    };
    const existed = objects.has(key);
    objects.set(key, stored);
    return { status: existed ? 200 : 201, body: stored };
  }

  return {
    handle,
    objects,
    /** The next `times` applies answer 503. */
    failApplies(times: number) {
      faults.fail = times;
    },
    /** The next apply is refused, 422 with this message. */
    refuseNextApply(message: string) {
      faults.refuse = message;
    },
    /** What the cluster holds: `Kind namespace/name` (`-` for a cluster-scoped object). */
    listing: () =>
      [...objects.values()].map(
        (object) => `${object.kind} ${object.metadata.namespace ?? '-'}/${object.metadata.name}`,
      ),
  };
}
export type KubeApplyDouble = ReturnType<typeof createKubeApplyDouble>;
