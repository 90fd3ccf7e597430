import type { ClusterObjects } from './kube-objects.ts';
import type { KubeNamespace, KubeNode, KubeObject, KubePod } from './kube-types.ts';
import { age, ageColumn, column, nameColumn, type Cell, type TableColumn } from './kube-tables.ts';
import { persistentVolumesResource, servicesResource } from './kube-storage.ts';

/**
 * One resource of the core group as the API serves it: its discovery entry, where its objects
 * come from, the fields a field selector may name, and the columns `kubectl get` prints (the
 * server-side printers of Kubernetes, column for column).
 */
export interface KubeResource<T extends KubeObject = KubeObject> {
  name: 'nodes' | 'namespaces' | 'pods' | 'persistentvolumes' | 'services';
  singularName: string;
  kind: T['kind'];
  namespaced: boolean;
  shortNames: string[];
  categories?: string[];
  objects: (all: ClusterObjects) => T[];
  /** What `--field-selector` may name, and how each is read from an object. */
  fields: Record<string, (object: T) => string>;
  columns: TableColumn[];
  cells: (object: T, now: Date) => Cell[];
}

const NONE = '<none>';

function nodeStatus(node: KubeNode): string {
  const ready = node.status.conditions.find((condition) => condition.type === 'Ready');
  if (ready?.status === 'True') return 'Ready';
  return ready?.status === 'False' ? 'NotReady' : 'Unknown';
}

/** Roles come from `node-role.kubernetes.io/<role>` labels; a managed cluster's workers have none. */
function nodeRoles(node: KubeNode): string {
  const roles = Object.keys(node.metadata.labels)
    .filter((label) => label.startsWith('node-role.kubernetes.io/'))
    .map((label) => label.slice('node-role.kubernetes.io/'.length))
    .sort();
  return roles.length ? roles.join(',') : NONE;
}

export const nodesResource: KubeResource<KubeNode> = {
  name: 'nodes',
  singularName: 'node',
  kind: 'Node',
  namespaced: false,
  shortNames: ['no'],
  objects: (all) => all.nodes,
  fields: {
    'metadata.name': (node) => node.metadata.name,
    // The platform never cordons a node through this API.
    'spec.unschedulable': () => 'false',
  },
  columns: [
    nameColumn,
    column('Status', 'The status of the node'),
    column('Roles', 'The roles of the node'),
    ageColumn,
    column('Version', 'Kubelet Version reported by the node.'),
    column('Internal-IP', 'List of addresses reachable to the node.', { priority: 1 }),
    column('External-IP', 'List of addresses reachable to the node.', { priority: 1 }),
    column('OS-Image', 'OS Image reported by the node.', { priority: 1 }),
    column('Kernel-Version', 'Kernel Version reported by the node.', { priority: 1 }),
    column('Container-Runtime', 'ContainerRuntime Version reported by the node.', {
      priority: 1,
    }),
  ],
  cells: (node, now) => {
    const address = (type: string) =>
      node.status.addresses.find((entry) => entry.type === type)?.address ?? NONE;
    const info = node.status.nodeInfo;
    return [
      node.metadata.name,
      nodeStatus(node),
      nodeRoles(node),
      age(node, now),
      info.kubeletVersion,
      address('InternalIP'),
      address('ExternalIP'),
      info.osImage,
      info.kernelVersion,
      info.containerRuntimeVersion,
    ];
  },
};

export const namespacesResource: KubeResource<KubeNamespace> = {
  name: 'namespaces',
  singularName: 'namespace',
  kind: 'Namespace',
  namespaced: false,
  shortNames: ['ns'],
  objects: (all) => all.namespaces,
  fields: {
    'metadata.name': (namespace) => namespace.metadata.name,
    'status.phase': (namespace) => namespace.status.phase,
  },
  columns: [nameColumn, column('Status', 'The status of the namespace'), ageColumn],
  cells: (namespace, now) => [namespace.metadata.name, namespace.status.phase, age(namespace, now)],
};

/** The STATUS kubectl shows: a waiting container's reason, else the phase. */
function podStatus(pod: KubePod): string {
  for (const container of pod.status.containerStatuses ?? []) {
    if ('waiting' in container.state) return container.state.waiting.reason;
  }
  return pod.status.phase;
}

export const podsResource: KubeResource<KubePod> = {
  name: 'pods',
  singularName: 'pod',
  kind: 'Pod',
  namespaced: true,
  shortNames: ['po'],
  categories: ['all'],
  objects: (all) => all.pods,
  fields: {
    'metadata.name': (pod) => pod.metadata.name,
    'metadata.namespace': (pod) => pod.metadata.namespace!,
    'spec.nodeName': (pod) => pod.spec.nodeName ?? '',
    'spec.restartPolicy': (pod) => pod.spec.restartPolicy,
    'spec.schedulerName': (pod) => pod.spec.schedulerName,
    'spec.serviceAccountName': (pod) => pod.spec.serviceAccountName,
    'status.phase': (pod) => pod.status.phase,
    'status.podIP': (pod) => pod.status.podIP ?? '',
  },
  columns: [
    nameColumn,
    column('Ready', 'The aggregate readiness state of this pod for accepting traffic.'),
    column('Status', 'The aggregate status of the containers in this pod.'),
    column(
      'Restarts',
      'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
    ),
    ageColumn,
    column('IP', 'podIP address allocated to the pod. Routable at least within the cluster.', {
      priority: 1,
    }),
    column('Node', 'NodeName indicates in which node this pod is scheduled.', { priority: 1 }),
    column('Nominated Node', 'nominatedNodeName is set when this pod preempts other pods.', {
      priority: 1,
    }),
    column('Readiness Gates', 'If specified, all readiness gates will be evaluated.', {
      priority: 1,
    }),
  ],
  cells: (pod, now) => {
    const containers = pod.status.containerStatuses ?? [];
    const ready = containers.filter((container) => container.ready).length;
    const restarts = containers.reduce((sum, container) => sum + container.restartCount, 0);
    return [
      pod.metadata.name,
      `${ready}/${pod.spec.containers.length}`,
      podStatus(pod),
      String(restarts),
      age(pod, now),
      pod.status.podIP ?? NONE,
      pod.spec.nodeName ?? NONE,
      NONE,
      NONE,
    ];
  },
};

export const KUBE_RESOURCES = [
  namespacesResource,
  nodesResource,
  persistentVolumesResource,
  podsResource,
  servicesResource,
] as const;
