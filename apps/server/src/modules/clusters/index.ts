/** The clusters module's public surface: other modules and the app import only this file. */
export { createClusterService, type ClusterService } from './cluster-service.ts';
export type { ClusterBillingHooks, ClusterOrderHooks } from './cluster-hooks.ts';
export {
  clusterBriefOf,
  clusterConfigNow,
  clusterNamesOf,
  configOf,
  countClusters,
  hasRenewingClusters,
  type ClusterRow,
} from './cluster-records.ts';
export { findCluster } from './cluster-lookup.ts';
export type { PaidChangeStart } from './paid-change-start.ts';
export { KUBECONFIG_ACCESS, revokeKubeCredentialsOf } from './cluster-access.ts';
export { clusterMadeByOrder } from './cluster-orders.ts';
export { billedResourcesOf, type BilledResources } from './cluster-resources.ts';
export { clusterIdsTagged } from './cluster-shape.ts';
export { clustersInVpcs } from './cluster-reads.ts';
