import type {
  KubeNamespace,
  KubeNode,
  KubePersistentVolume,
  KubePod,
  KubeService,
} from './kube-types.ts';
import { claimsResource, configMapsResource, secretsResource } from './kube-manifest-resources.ts';
import { age, ageColumn, column, nameColumn } from './kube-tables.ts';
import type { KubeResource } from './kube-resource.ts';

export type { KubeResource } from './kube-resource.ts';

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

/** PersistentVolumes: the customer's persistent volumes (node disks are not listed). */
export const persistentVolumesResource: KubeResource<KubePersistentVolume> = {
  name: 'persistentvolumes',
  singularName: 'persistentvolume',
  kind: 'PersistentVolume',
  namespaced: false,
  shortNames: ['pv'],
  objects: (all) => all.persistentVolumes,
  fields: {
    'metadata.name': (volume) => volume.metadata.name,
    'status.phase': (volume) => volume.status.phase,
  },
  columns: [
    nameColumn,
    column(
      'Capacity',
      "capacity is the description of the persistent volume's resources and capacity.",
    ),
    column('Access Modes', 'accessModes contains all ways the volume can be mounted.'),
    column(
      'Reclaim Policy',
      'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.',
    ),
    column(
      'Status',
      'phase indicates if a volume is available, bound to a claim, or released by a claim.',
    ),
    column(
      'Claim',
      'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.',
    ),
    column(
      'StorageClass',
      'storageClassName is the name of StorageClass to which this persistent volume belongs.',
    ),
    column(
      'VolumeAttributesClass',
      'Name of VolumeAttributesClass to which this persistent volume belongs.',
    ),
    column('Reason', 'reason is a brief CamelCase string that describes any failure.'),
    ageColumn,
    column(
      'VolumeMode',
      'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.',
      { priority: 1 },
    ),
  ],
  cells: (volume, now) => [
    volume.metadata.name,
    volume.spec.capacity.storage,
    'RWO',
    volume.spec.persistentVolumeReclaimPolicy,
    volume.status.phase,
    volume.spec.claimRef ? `${volume.spec.claimRef.namespace}/${volume.spec.claimRef.name}` : '',
    volume.spec.storageClassName,
    '<unset>',
    '',
    age(volume, now),
    volume.spec.volumeMode,
  ],
};

/** `80:31234/TCP,443:30567/TCP`, as kubectl prints a service's ports. */
function servicePorts(service: KubeService): string {
  return service.spec.ports
    .map((port) =>
      port.nodePort
        ? `${port.port}:${port.nodePort}/${port.protocol}`
        : `${port.port}/${port.protocol}`,
    )
    .join(',');
}

export const servicesResource: KubeResource<KubeService> = {
  name: 'services',
  singularName: 'service',
  kind: 'Service',
  namespaced: true,
  shortNames: ['svc'],
  categories: ['all'],
  objects: (all) => all.services,
  fields: {
    'metadata.name': (service) => service.metadata.name,
    'metadata.namespace': (service) => service.metadata.namespace!,
    'spec.type': (service) => service.spec.type,
  },
  columns: [
    nameColumn,
    column('Type', 'type determines how the Service is exposed.'),
    column('Cluster-IP', 'clusterIP is the IP address of the service.'),
    column(
      'External-IP',
      'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.',
    ),
    column('Port(s)', 'The list of ports that are exposed by this service.'),
    ageColumn,
    column(
      'Selector',
      'Route service traffic to pods with label keys and values matching this selector.',
      { priority: 1 },
    ),
  ],
  cells: (service, now) => [
    service.metadata.name,
    service.spec.type,
    service.spec.clusterIP,
    service.status.loadBalancer.ingress?.map((entry) => entry.ip).join(',') ??
      (service.spec.type === 'LoadBalancer' ? '<pending>' : NONE),
    servicePorts(service),
    age(service, now),
    service.spec.selector
      ? Object.entries(service.spec.selector)
          .map(([key, value]) => `${key}=${value}`)
          .join(',')
      : NONE,
  ],
};

export const KUBE_RESOURCES = [
  configMapsResource,
  namespacesResource,
  nodesResource,
  claimsResource,
  persistentVolumesResource,
  podsResource,
  secretsResource,
  servicesResource,
] as const;
