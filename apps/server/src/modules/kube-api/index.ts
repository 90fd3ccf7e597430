/** The simulated Kubernetes API's public surface: the app and the clusters module use only this. */
export { kubeApiRoutes, KUBE_API_PREFIX } from './kube-api-routes.ts';
export { kubeApiServerUrl, kubeconfigYaml } from './kubeconfig.ts';
export type {
  KubeAddonView,
  KubeClusterView,
  KubeNodeUsage,
  KubeNodeView,
  ResolveKubeCluster,
} from './kube-types.ts';
export { createKubeApiTls, type KubeApiTls } from './kube-api-tls.ts';
export { normaliseAllowlist, MAX_ALLOWLIST_ENTRIES } from './kube-firewall.ts';
export { nodeAllocatable } from './kube-nodes.ts';
export {
  KubeRefusal,
  type KubeManifest,
  type KubeStore,
  type KubeWriteClient,
} from './kube-store.ts';
export { failure } from './kube-status.ts';
export { storageGiB } from './kube-validation.ts';
