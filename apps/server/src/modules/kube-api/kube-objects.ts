import type {
  KubeClusterView,
  KubeNamespace,
  KubeNode,
  KubePersistentVolume,
  KubePod,
  KubeObject,
  KubeService,
} from './kube-types.ts';
import type { KubeManifest } from './kube-store.ts';
import { writtenObjects } from './kube-written.ts';
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
  deployments: KubeManifest[];
  configMaps: KubeManifest[];
  secrets: KubeManifest[];
  claims: KubeManifest[];
}

const byNamespaceAndName = (a: KubeObject, b: KubeObject) =>
  compareKeys(a.metadata.namespace ?? '', b.metadata.namespace ?? '') ||
  compareKeys(a.metadata.name, b.metadata.name);

/**
 * Everything the simulated API server holds for a cluster, derived on each call from what the
 * platform knows and what clients wrote, in the order the API server lists it: by namespace,
 * then by name.
 */
export function clusterObjects(cluster: KubeClusterView, now: Date): ClusterObjects {
  const addresses = nodeAddresses(cluster);
  const nodes = cluster.nodes
    .map((node) => nodeObject(cluster, node, addresses.get(node.name)!, now))
    .sort((a, b) => compareKeys(a.metadata.name, b.metadata.name));
  const written = writtenObjects(cluster);
  const pods = podObjects(cluster, addresses, written.workloads).sort(byNamespaceAndName);
  return {
    nodes,
    namespaces: [...namespaceObjects(cluster), ...written.namespaces].sort(byNamespaceAndName),
    pods,
    persistentVolumes: persistentVolumeObjects(cluster),
    services: [...serviceObjects(cluster), ...written.services].sort(byNamespaceAndName),
    deployments: written.deployments.sort(byNamespaceAndName),
    configMaps: written.configMaps.sort(byNamespaceAndName),
    secrets: written.secrets.sort(byNamespaceAndName),
    claims: written.claims.sort(byNamespaceAndName),
  };
}
