import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GKE_ADDON_MANIFESTS } from '../../src/modules/providers/gke-addons.ts';

/**
 * A local double of an operator's manifest mirror (ADDON_MANIFEST_MIRROR): every pinned release
 * of gke-addons.ts at `/<host>/<path>`, as a small but representative manifest of the add-on,
 * shaped as the upstream ones are: a CustomResourceDefinition (its schema with
 * `x-kubernetes-*` keys), a ClusterRole and its binding, a ValidatingWebhookConfiguration, a
 * ServiceAccount and a Service in the add-on's namespace, a Deployment that names no namespace
 * (as Argo CD's install.yaml), and cert-manager's leader-election Role in kube-system. 404 for
 * any other path; on request, 503s.
 */
function manifestOf(slug: string, namespace: string): string {
  const name = `${slug}-controller`;
  return `# ${slug}: a small stand-in for its release manifest
apiVersion: v1
kind: Namespace
metadata:
  name: ${namespace}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.${slug}.example.io
spec:
  group: ${slug}.example.io
  names: {kind: Widget, listKind: WidgetList, plural: widgets, singular: widget}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: ${name}
  namespace: ${namespace}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: ${name}
rules:
- apiGroups: ["${slug}.example.io"]
  resources: ["widgets"]
  verbs: ["get", "list", "watch"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: ${name}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: ${name}}
subjects:
- {kind: ServiceAccount, name: ${name}, namespace: ${namespace}}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: ${name}:leaderelection
  namespace: kube-system
rules:
- apiGroups: ["coordination.k8s.io"]
  resources: ["leases"]
  verbs: ["get", "create", "update"]
---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: ${namespace}
spec:
  selector: {app: ${name}}
  ports:
  - {name: https, port: 443, targetPort: 10250}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  labels: {app: ${name}}
spec:
  replicas: 1
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      serviceAccountName: ${name}
      containers:
      - name: controller
        image: registry.example/${slug}:stand-in
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: ${name}-webhook
webhooks:
- name: webhook.${slug}.example.io
  admissionReviewVersions: ["v1"]
  sideEffects: None
  clientConfig:
    service: {name: ${name}, namespace: ${namespace}, path: /validate}
`;
}

export async function startManifestMirror() {
  const files = new Map(
    Object.entries(GKE_ADDON_MANIFESTS).map(([slug, release]) => {
      const { host, pathname } = new URL(release.url);
      return [`/${host}${pathname}`, manifestOf(slug, release.namespace)];
    }),
  );
  const requests: string[] = [];
  const faults = { fail: 0 };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push(url);
    const path = url.startsWith('/mirror/') ? url.slice('/mirror'.length) : '';
    if (faults.fail > 0) {
      faults.fail -= 1;
      response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    const file = request.method === 'GET' ? files.get(path) : undefined;
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mirror`,
    files,
    requests,
    /** The next `times` requests answer 503. */
    fail(times: number) {
      faults.fail = times;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type ManifestMirror = Awaited<ReturnType<typeof startManifestMirror>>;
