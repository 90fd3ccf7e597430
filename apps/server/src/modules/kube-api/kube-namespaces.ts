import type { KubeClusterView, KubeNamespace } from './kube-types.ts';
import { compareKeys, resourceVersionOf, timestamp, uidOf } from './kube-names.ts';

/** The namespaces every cluster starts with. */
const SYSTEM_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'];

function namespaceObject(
  cluster: KubeClusterView,
  name: string,
  createdAt: Date,
  extraLabels: Record<string, string>,
): KubeNamespace {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name,
      uid: uidOf(`${cluster.id}/namespace/${name}`),
      resourceVersion: resourceVersionOf(createdAt),
      creationTimestamp: timestamp(createdAt),
      labels: { 'kubernetes.io/metadata.name': name, ...extraLabels },
    },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

/** The system namespaces and each add-on's, created with the first add-on installed there. */
export function namespaceObjects(cluster: KubeClusterView): KubeNamespace[] {
  const addonNamespaces = new Map<string, Date>();
  for (const addon of cluster.addons) {
    if (SYSTEM_NAMESPACES.includes(addon.namespace)) continue;
    const known = addonNamespaces.get(addon.namespace);
    if (!known || addon.createdAt < known) addonNamespaces.set(addon.namespace, addon.createdAt);
  }
  const managed = { 'app.kubernetes.io/managed-by': 'alpenkube' };
  return [
    ...SYSTEM_NAMESPACES.map((name) => namespaceObject(cluster, name, cluster.createdAt, {})),
    ...[...addonNamespaces].map(([name, createdAt]) =>
      namespaceObject(cluster, name, createdAt, managed),
    ),
  ].sort((a, b) => compareKeys(a.metadata.name, b.metadata.name));
}
