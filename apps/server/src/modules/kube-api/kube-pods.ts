import type {
  Condition,
  ContainerStatus,
  KubeClusterView,
  KubeNodeView,
  KubePod,
  ResourceQuantities,
} from './kube-types.ts';
import { oldestFirst, type NodeAddress } from './kube-nodes.ts';
import { hexOf, nameSuffix, numberOf, resourceVersionOf, timestamp, uidOf } from './kube-names.ts';

/** A Deployment's or DaemonSet's pods, as the cluster's controllers would have made them. */
export interface Workload {
  namespace: string;
  name: string;
  /** A Deployment runs `replicas` pods on ready nodes; a DaemonSet one on every node. */
  kind: { deployment: number } | 'daemonSet';
  labels: Record<string, string>;
  image: string;
  requests: ResourceQuantities;
  serviceAccountName: string;
  priorityClassName?: string;
  /** Pods of the host's network share the node's address. */
  hostNetwork: boolean;
  createdAt: Date;
  /** Whether its containers run; a pod on a node that is not ready never does. */
  ready: boolean;
  /** Its pod template's digest: a new template is a new ReplicaSet, so new pod names. */
  template?: string;
  /** Its container's name, the workload's when absent. */
  containerName?: string;
}

/** Where one pod of a workload runs: its node, or none yet. */
interface Placement {
  name: string;
  node: KubeNodeView | undefined;
  owner: { kind: 'ReplicaSet' | 'DaemonSet'; name: string };
  labels: Record<string, string>;
}

const COREDNS_IMAGE = 'registry.k8s.io/coredns/coredns:v1.11.3';
const CILIUM_IMAGE = 'quay.io/cilium/cilium:v1.16.5';
const addonImage = (slug: string) => `registry.alpenkube.io/addons/${slug}:stable`;

/** What runs in kube-system on a managed cluster: DNS, kube-proxy and the CNI on every node. */
function systemWorkloads(cluster: KubeClusterView): Workload[] {
  const common = { namespace: 'kube-system', createdAt: cluster.createdAt, ready: true };
  return [
    {
      ...common,
      name: 'coredns',
      kind: { deployment: 2 },
      labels: { 'k8s-app': 'kube-dns' },
      image: COREDNS_IMAGE,
      requests: { cpu: '100m', memory: '70Mi' },
      serviceAccountName: 'coredns',
      priorityClassName: 'system-cluster-critical',
      hostNetwork: false,
    },
    {
      ...common,
      name: 'kube-proxy',
      kind: 'daemonSet',
      labels: { 'k8s-app': 'kube-proxy' },
      image: `registry.k8s.io/kube-proxy:v${cluster.kubernetesVersion}`,
      requests: { cpu: '100m' },
      serviceAccountName: 'kube-proxy',
      priorityClassName: 'system-node-critical',
      hostNetwork: true,
    },
    {
      ...common,
      name: 'cilium',
      kind: 'daemonSet',
      labels: { 'k8s-app': 'cilium' },
      image: CILIUM_IMAGE,
      requests: { cpu: '100m', memory: '10Mi' },
      serviceAccountName: 'cilium',
      priorityClassName: 'system-node-critical',
      hostNetwork: true,
    },
  ];
}

function addonWorkloads(cluster: KubeClusterView): Workload[] {
  return cluster.addons.map((addon) => ({
    namespace: addon.namespace,
    name: addon.slug,
    kind: { deployment: addon.replicas },
    labels: {
      'app.kubernetes.io/name': addon.slug,
      'app.kubernetes.io/managed-by': 'alpenkube',
      'alpenkube.io/addon': addon.slug,
    },
    image: addonImage(addon.slug),
    requests: { cpu: '100m', memory: '128Mi' },
    serviceAccountName: addon.slug,
    hostNetwork: false,
    createdAt: addon.createdAt,
    ready: addon.ready,
  }));
}

/**
 * A Deployment's pods are `<name>-<replica set hash>-<suffix>`, spread over the ready nodes
 * from a starting node of the workload's own, so two workloads do not pile on the first node.
 */
function placeDeployment(
  cluster: KubeClusterView,
  workload: Workload,
  replicas: number,
  readyNodes: KubeNodeView[],
): Placement[] {
  const key = `${cluster.id}/${workload.namespace}/${workload.name}`;
  const replicaSetKey = `${key}/replicaset${workload.template ? `/${workload.template}` : ''}`;
  const replicaSet = `${workload.name}-${nameSuffix(replicaSetKey, 10)}`;
  const start = readyNodes.length ? numberOf(key) % readyNodes.length : 0;
  return Array.from({ length: replicas }, (_, index) => ({
    name: `${replicaSet}-${nameSuffix(`${replicaSetKey}/pod/${index}`, 5)}`,
    node: readyNodes.length ? readyNodes[(start + index) % readyNodes.length] : undefined,
    owner: { kind: 'ReplicaSet', name: replicaSet },
    labels: { ...workload.labels, 'pod-template-hash': replicaSet.slice(workload.name.length + 1) },
  }));
}

/** A DaemonSet's pods are `<name>-<suffix>`, one on each node, ready or not. */
function placeDaemonSet(
  cluster: KubeClusterView,
  workload: Workload,
  nodes: KubeNodeView[],
): Placement[] {
  const key = `${cluster.id}/${workload.namespace}/${workload.name}`;
  return nodes.map((node) => ({
    name: `${workload.name}-${nameSuffix(`${key}/node/${node.name}`, 5)}`,
    node,
    owner: { kind: 'DaemonSet', name: workload.name },
    labels: {
      ...workload.labels,
      'controller-revision-hash': nameSuffix(`${key}/revision`, 10),
      'pod-template-generation': '1',
    },
  }));
}

/** Hands out pod addresses within each node's pod range, skipping ones already given. */
function podAddressAllocator(addresses: Map<string, NodeAddress>) {
  const taken = new Map<string, Set<number>>();
  return (node: KubeNodeView, podName: string): string => {
    const prefix = addresses.get(node.name)!.podCidr.replace(/\.0\/24$/, '');
    const used = taken.get(node.name) ?? new Set<number>();
    taken.set(node.name, used);
    let host = numberOf(podName) % 253;
    // A node full to its 253 addresses (more pods than its 110 would hold) shares them.
    for (let tries = 0; used.has(host) && tries < 253; tries += 1) host = (host + 1) % 253;
    used.add(host);
    return `${prefix}.${host + 2}`;
  };
}

function podConditions(scheduled: boolean, running: boolean, since: string): Condition[] {
  if (!scheduled) {
    return [
      {
        type: 'PodScheduled',
        status: 'False',
        reason: 'Unschedulable',
        message: '0 nodes are available: no node is ready.',
        lastProbeTime: null,
        lastTransitionTime: since,
      },
    ];
  }
  const status = running ? 'True' : 'False';
  const reason = running ? {} : { reason: 'ContainersNotReady' };
  return [
    { type: 'PodReadyToStartContainers', status, lastProbeTime: null, lastTransitionTime: since },
    { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: since },
    { type: 'Ready', status, ...reason, lastProbeTime: null, lastTransitionTime: since },
    { type: 'ContainersReady', status, ...reason, lastProbeTime: null, lastTransitionTime: since },
    { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: since },
  ];
}

function containerStatus(workload: Workload, podKey: string, running: boolean, since: string) {
  const status: ContainerStatus = {
    name: workload.containerName ?? workload.name,
    ready: running,
    started: running,
    restartCount: 0,
    image: workload.image,
    imageID: `${workload.image.replace(/:[^:/]+$/, '')}@sha256:${hexOf(workload.image, 64)}`,
    state: running
      ? { running: { startedAt: since } }
      : { waiting: { reason: 'ContainerCreating' } },
  };
  if (running) status.containerID = `containerd://${hexOf(`${podKey}/container`, 64)}`;
  return status;
}

function podObject(
  cluster: KubeClusterView,
  workload: Workload,
  placement: Placement,
  addresses: Map<string, NodeAddress>,
  podAddress: (node: KubeNodeView, podName: string) => string,
): KubePod {
  const { node } = placement;
  const podKey = `${cluster.id}/pod/${workload.namespace}/${placement.name}`;
  // A pod cannot start before its node exists.
  const createdAt =
    node && node.createdAt > workload.createdAt ? node.createdAt : workload.createdAt;
  const since = timestamp(createdAt);
  const running = Boolean(node?.ready) && workload.ready;
  const hostIp = node ? addresses.get(node.name)!.internalIp : undefined;
  const podIp = node && (workload.hostNetwork ? hostIp : podAddress(node, placement.name));
  const ownerKey = `${cluster.id}/${workload.namespace}/${placement.owner.kind}/${placement.owner.name}`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: placement.name,
      generateName: placement.name.replace(/[^-]+$/, ''),
      namespace: workload.namespace,
      uid: uidOf(podKey),
      resourceVersion: resourceVersionOf(createdAt),
      creationTimestamp: since,
      labels: placement.labels,
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: placement.owner.kind,
          name: placement.owner.name,
          uid: uidOf(ownerKey),
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      ...(node ? { nodeName: node.name } : {}),
      ...(workload.hostNetwork ? { hostNetwork: true } : {}),
      containers: [
        {
          name: workload.containerName ?? workload.name,
          image: workload.image,
          resources: { requests: workload.requests },
        },
      ],
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      serviceAccountName: workload.serviceAccountName,
      ...(workload.priorityClassName ? { priorityClassName: workload.priorityClassName } : {}),
    },
    status: {
      phase: running ? 'Running' : 'Pending',
      conditions: podConditions(Boolean(node), running, since),
      ...(hostIp && podIp
        ? { hostIP: hostIp, podIP: podIp, podIPs: [{ ip: podIp }], startTime: since }
        : {}),
      ...(node ? { containerStatuses: [containerStatus(workload, podKey, running, since)] } : {}),
      qosClass: 'Burstable',
    },
  };
}

/**
 * Every pod of the cluster: kube-system's, each add-on's, then those of the deployments clients
 * wrote (`written`), in no particular order.
 */
export function podObjects(
  cluster: KubeClusterView,
  addresses: Map<string, NodeAddress>,
  written: Workload[] = [],
): KubePod[] {
  const nodes = oldestFirst(cluster.nodes);
  const readyNodes = nodes.filter((node) => node.ready);
  const podAddress = podAddressAllocator(addresses);
  const workloads = [...systemWorkloads(cluster), ...addonWorkloads(cluster), ...written];
  return workloads.flatMap((workload) => {
    const placements =
      workload.kind === 'daemonSet'
        ? placeDaemonSet(cluster, workload, nodes)
        : placeDeployment(cluster, workload, workload.kind.deployment, readyNodes);
    return placements.map((placement) =>
      podObject(cluster, workload, placement, addresses, podAddress),
    );
  });
}
