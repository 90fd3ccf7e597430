import type {
  KubeClusterView,
  KubeNamespace,
  KubeNode,
  KubePersistentVolume,
  KubePod,
  KubeService,
} from './kube-types.ts';
import { compareKeys } from './kube-names.ts';
import { namespaceObjects } from './kube-namespaces.ts';
import { nodeAddresses, nodeObject } from './kube-nodes.ts';
import { podObjects } from './kube-pods.ts';
import { persistentVolumeObjects, serviceObjects } from './kube-storage.ts';

export interface ClusterObjects {
  nodes: KubeNode[];
  namespaces: KubeNamespace[];
  pods: KubePod[];
  persistentVolumes: KubePersistentVolume[];
  services: KubeService[];
}

/**
 * Everything the simulated API server holds for a cluster, derived from what the platform
 * knows on each call (nothing is stored), in the order the API server lists it: by namespace,
 * then by name.
 */
export function clusterObjects(cluster: KubeClusterView, now: Date): ClusterObjects {
  const addresses = nodeAddresses(cluster);
  const nodes = cluster.nodes
    .map((node) => nodeObject(cluster, node, addresses.get(node.name)!, now))
    .sort((a, b) => compareKeys(a.metadata.name, b.metadata.name));
  const pods = podObjects(cluster, addresses).sort(
    (a, b) =>
      compareKeys(a.metadata.namespace!, b.metadata.namespace!) ||
      compareKeys(a.metadata.name, b.metadata.name),
  );
  return {
    nodes,
    namespaces: namespaceObjects(cluster),
    pods,
    persistentVolumes: persistentVolumeObjects(cluster),
    services: serviceObjects(cluster),
  };
}
