import type { Condition, KubeClusterView, KubeNode, KubeNodeView } from './kube-types.ts';
import { compareKeys, hexOf, numberOf, resourceVersionOf, timestamp, uidOf } from './kube-names.ts';

/**
 * Node addresses live in 10.0.0.0/16 (third octet below 154, fourth 1–254), and each node's
 * pods in 10.(100 + third).(fourth).0/24, so a node's pod range follows from its address.
 */
const ADDRESS_SLOTS = 154 * 254;

export function oldestFirst(nodes: KubeNodeView[]): KubeNodeView[] {
  return [...nodes].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareKeys(a.name, b.name),
  );
}

export interface NodeAddress {
  internalIp: string;
  podCidr: string;
}

/**
 * Each node's address, from a digest of its name; a clash moves the younger node to the next
 * free slot, so an older node keeps its address when others join or leave.
 */
export function nodeAddresses(cluster: KubeClusterView): Map<string, NodeAddress> {
  const taken = new Set<number>();
  const addresses = new Map<string, NodeAddress>();
  for (const node of oldestFirst(cluster.nodes)) {
    let slot = numberOf(`${cluster.id}/node/${node.name}`) % ADDRESS_SLOTS;
    for (let tries = 0; taken.has(slot) && tries < ADDRESS_SLOTS; tries += 1) {
      slot = (slot + 1) % ADDRESS_SLOTS;
    }
    taken.add(slot);
    const third = Math.floor(slot / 254);
    const fourth = (slot % 254) + 1;
    addresses.set(node.name, {
      internalIp: `10.0.${third}.${fourth}`,
      podCidr: `10.${100 + third}.${fourth}.0/24`,
    });
  }
  return addresses;
}

const OS_IMAGE = 'Debian GNU/Linux 12 (bookworm)';
const KERNEL_VERSION = '6.1.0-28-cloud-amd64';
const CONTAINER_RUNTIME = 'containerd://1.7.24';

/** What kube-reserved and the eviction threshold keep from pods: 100m of CPU, a tenth of memory. */
const RESERVED_CPU_MILLIS = 100;
const RESERVED_MEMORY_SHARE = 0.1;

/**
 * What pods may use of a node of that size, as its `status.allocatable` says: the metrics card's
 * 100% and the base of `kubectl top nodes`' percentages.
 */
export function nodeAllocatable(node: Pick<KubeNodeView, 'cpuCores' | 'memoryGiB'>) {
  const memoryKi = Math.round(node.memoryGiB * 1024 * 1024);
  return {
    cpuMillis: Math.max(Math.round(node.cpuCores * 1000) - RESERVED_CPU_MILLIS, 0),
    memoryBytes: Math.round(memoryKi * (1 - RESERVED_MEMORY_SHARE)) * 1024,
  };
}

function quantities(node: KubeNodeView) {
  const cpuMillis = Math.round(node.cpuCores * 1000);
  const memoryKi = Math.round(node.memoryGiB * 1024 * 1024);
  const cpu = cpuMillis % 1000 === 0 ? String(cpuMillis / 1000) : `${cpuMillis}m`;
  const allocatable = nodeAllocatable(node);
  return {
    capacity: { cpu, memory: `${memoryKi}Ki`, pods: '110' },
    allocatable: {
      cpu: `${allocatable.cpuMillis}m`,
      memory: `${allocatable.memoryBytes / 1024}Ki`,
      pods: '110',
    },
  };
}

function conditions(node: KubeNodeView, now: Date): Condition[] {
  const since = timestamp(node.createdAt);
  const heartbeat = timestamp(now);
  const healthy = (type: string, reason: string, message: string): Condition => ({
    type,
    status: 'False',
    reason,
    message,
    lastHeartbeatTime: heartbeat,
    lastTransitionTime: since,
  });
  return [
    healthy(
      'MemoryPressure',
      'KubeletHasSufficientMemory',
      'kubelet has sufficient memory available',
    ),
    healthy('DiskPressure', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
    healthy('PIDPressure', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
    node.ready
      ? {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
          lastHeartbeatTime: heartbeat,
          lastTransitionTime: since,
        }
      : {
          type: 'Ready',
          status: 'False',
          reason: 'KubeletNotReady',
          message: 'container runtime network not ready: NetworkReady=false',
          lastHeartbeatTime: heartbeat,
          lastTransitionTime: since,
        },
  ];
}

/** The pool's labels (never under the platform's prefixes), then the kubelet's and the platform's. */
function nodeLabels(cluster: KubeClusterView, node: KubeNodeView): Record<string, string> {
  return {
    ...node.labels,
    'kubernetes.io/hostname': node.name,
    'kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'node.kubernetes.io/instance-type': node.size,
    'topology.kubernetes.io/region': node.region,
    'topology.kubernetes.io/zone': node.zone,
    'alpenkube.io/node-pool': node.pool,
    'alpenkube.io/provider': cluster.provider,
  };
}

/**
 * The pool's taints (a value only where there is one, as the API server omits it), and while
 * the node is not ready the one that keeps new pods away, as the node lifecycle controller does.
 */
function nodeTaints(node: KubeNodeView): Pick<KubeNode['spec'], 'taints'> {
  const taints: NonNullable<KubeNode['spec']['taints']> = (node.taints ?? []).map((taint) => ({
    key: taint.key,
    ...(taint.value ? { value: taint.value } : {}),
    effect: taint.effect,
  }));
  if (!node.ready) taints.push({ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' });
  return taints.length ? { taints } : {};
}

export function nodeObject(
  cluster: KubeClusterView,
  node: KubeNodeView,
  address: NodeAddress,
  now: Date,
): KubeNode {
  const key = `${cluster.id}/node/${node.name}`;
  const kubeletVersion = `v${cluster.kubernetesVersion}`;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: node.name,
      uid: uidOf(key),
      resourceVersion: resourceVersionOf(node.createdAt),
      creationTimestamp: timestamp(node.createdAt),
      labels: nodeLabels(cluster, node),
    },
    spec: {
      providerID: `alpenkube://${cluster.provider}/${node.zone}/${node.name}`,
      podCIDR: address.podCidr,
      podCIDRs: [address.podCidr],
      ...nodeTaints(node),
    },
    status: {
      ...quantities(node),
      conditions: conditions(node, now),
      addresses: [
        { type: 'InternalIP', address: address.internalIp },
        { type: 'Hostname', address: node.name },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: hexOf(`${key}/machine`, 32),
        systemUUID: uidOf(`${key}/system`),
        bootID: uidOf(`${key}/boot`),
        kernelVersion: KERNEL_VERSION,
        osImage: OS_IMAGE,
        containerRuntimeVersion: CONTAINER_RUNTIME,
        kubeletVersion,
        kubeProxyVersion: kubeletVersion,
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  };
}
