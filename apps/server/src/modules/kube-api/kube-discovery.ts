import type { KubeClusterView } from './kube-types.ts';
import { hexOf, timestamp } from './kube-names.ts';
import { KUBE_RESOURCES, type KubeResource } from './kube-resources.ts';
import { deploymentsResource } from './kube-manifest-resources.ts';

/** `GET /version`, what `kubectl version` prints as the server's version. */
export function versionInfo(cluster: KubeClusterView) {
  const [major = '1', minor = '0'] = cluster.kubernetesVersion.split('.');
  return {
    major,
    minor,
    gitVersion: `v${cluster.kubernetesVersion}`,
    gitCommit: hexOf(`kubernetes/${cluster.kubernetesVersion}`, 40),
    gitTreeState: 'clean',
    buildDate: timestamp(cluster.createdAt),
    goVersion: 'go1.23.4',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

/**
 * `GET /api`. kubectl 1.26+ first asks for aggregated discovery (`as=APIGroupDiscoveryList`);
 * answering the legacy document as plain application/json is what an older API server does,
 * and kubectl then reads `/api/v1` for the resources.
 */
export const apiVersions = () => ({ kind: 'APIVersions', versions: ['v1'] });

/**
 * `GET /apis`: the groups beyond the core one; the simulated cluster serves only metrics.k8s.io,
 * and that only where its provider gives metrics (as a cluster with metrics-server installed).
 */
export const apiGroupList = (groups: object[]) => ({
  kind: 'APIGroupList',
  apiVersion: 'v1',
  groups,
});

const READ_VERBS = ['get', 'list'];
const WRITE_VERBS = ['create', 'delete', 'get', 'list', 'patch', 'update'];
/** What clients may write; the others the platform derives, and only reads. */
const WRITABLE = new Set([
  'namespaces',
  'services',
  'configmaps',
  'secrets',
  'persistentvolumeclaims',
  'deployments',
]);

function entry(
  resource: Pick<KubeResource, 'name' | 'singularName' | 'namespaced' | 'kind' | 'shortNames'> & {
    categories?: string[];
  },
) {
  return {
    name: resource.name,
    singularName: resource.singularName,
    namespaced: resource.namespaced,
    kind: resource.kind,
    verbs: WRITABLE.has(resource.name) ? WRITE_VERBS : READ_VERBS,
    shortNames: resource.shortNames,
    ...(resource.categories ? { categories: resource.categories } : {}),
  };
}

/** `GET /api/v1`: the resources kubectl can name, with their short names and verbs. */
export function coreResourceList() {
  return { kind: 'APIResourceList', groupVersion: 'v1', resources: KUBE_RESOURCES.map(entry) };
}

/** The `apps` group, where deployments live. */
export const appsGroup = () => ({
  name: 'apps',
  versions: [{ groupVersion: 'apps/v1', version: 'v1' }],
  preferredVersion: { groupVersion: 'apps/v1', version: 'v1' },
});

/** `GET /apis/apps/v1`: deployments, and their scale subresource for `kubectl scale`. */
export function appsResourceList() {
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: 'apps/v1',
    resources: [
      entry(deploymentsResource),
      {
        name: 'deployments/scale',
        singularName: '',
        namespaced: true,
        group: 'autoscaling',
        version: 'v1',
        kind: 'Scale',
        verbs: ['get', 'patch', 'update'],
      },
    ],
  };
}
