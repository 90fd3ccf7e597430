import type { ObjectMeta } from './kube-meta.ts';
import type { KubeManifest, KubeStore } from './kube-store.ts';

/** What the platform knows about one node of a running cluster. */
export interface KubeNodeView {
  name: string;
  /** The node pool's name. */
  pool: string;
  /** The node size's slug, e.g. 's-4vcpu-8gb'. */
  size: string;
  cpuCores: number;
  memoryGiB: number;
  /** The provider's region code, e.g. 'eu-de-fra'. */
  region: string;
  zone: string;
  /** False while the node joins or is recycled. */
  ready: boolean;
  createdAt: Date;
  /** The pool's own labels and taints, set by the customer. */
  labels?: Record<string, string>;
  taints?: { key: string; value: string; effect: string }[];
}

export interface KubeAddonView {
  slug: string;
  name: string;
  namespace: string;
  replicas: number;
  ready: boolean;
  createdAt: Date;
}

export interface KubeClusterView {
  id: number;
  name: string;
  /** The patch version, e.g. '1.31.4'. */
  kubernetesVersion: string;
  /** The provider's slug, e.g. 'alpenkube', 'eks'. */
  provider: string;
  createdAt: Date;
  nodes: KubeNodeView[];
  addons: KubeAddonView[];
  /** The customer's persistent volumes (node disks are not PersistentVolumes). */
  volumes: KubeVolumeView[];
  loadBalancers: KubeLoadBalancerView[];
  /** CIDRs allowed to reach this API (the control-plane firewall); empty or absent: all. */
  apiAllowlist?: string[];
  /**
   * Each node's CPU (millicores) and memory (bytes) in the minute of `at`, for the metrics.k8s.io
   * group (`kubectl top nodes`); absent where the provider gives none: the group is not served.
   */
  nodeUsage?: (at: Date) => Promise<Map<string, KubeNodeUsage>>;
  /** Where written objects are kept; absent, the API is read-only (every write is a 405). */
  store?: KubeStore;
}

export interface KubeNodeUsage {
  cpuMillis: number;
  memoryBytes: number;
}

export interface KubeVolumeView {
  name: string;
  sizeGb: number;
  storageClass: string;
  createdAt: Date;
  /** The PersistentVolumeClaim it was made for, if a client's claim made it. */
  claim?: { namespace: string; name: string };
}

export interface KubeLoadBalancerView {
  name: string;
  /** Its public address. */
  ip: string;
  createdAt: Date;
}

/**
 * null when the token is wrong, revoked, or the cluster is not running: the API answers 401.
 * `ip` is the caller's address, for the throttle on wrong tokens (an HttpError 429 it throws
 * answers a Status with its Retry-After).
 */
export type ResolveKubeCluster = (
  clusterId: number,
  bearerToken: string,
  ip: string | null,
) => Promise<KubeClusterView | null>;

export type { ObjectMeta } from './kube-meta.ts';

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastHeartbeatTime?: string;
  lastProbeTime?: null;
  lastTransitionTime: string;
}

/** cpu and memory (and pods for a node) as quantities: '4', '3900m', '8388608Ki'. */
export type ResourceQuantities = Record<string, string>;

export interface KubeNode {
  apiVersion: 'v1';
  kind: 'Node';
  metadata: ObjectMeta;
  spec: {
    providerID: string;
    podCIDR: string;
    podCIDRs: string[];
    taints?: { key: string; value?: string; effect: string; timeAdded?: string }[];
  };
  status: {
    capacity: ResourceQuantities;
    allocatable: ResourceQuantities;
    conditions: Condition[];
    addresses: { type: 'InternalIP' | 'Hostname'; address: string }[];
    daemonEndpoints: { kubeletEndpoint: { Port: number } };
    nodeInfo: {
      machineID: string;
      systemUUID: string;
      bootID: string;
      kernelVersion: string;
      osImage: string;
      containerRuntimeVersion: string;
      kubeletVersion: string;
      kubeProxyVersion: string;
      operatingSystem: string;
      architecture: string;
    };
  };
}

export interface KubeNamespace {
  apiVersion: 'v1';
  kind: 'Namespace';
  metadata: ObjectMeta;
  spec: { finalizers: string[] };
  status: { phase: 'Active' | 'Terminating' };
}

export interface ContainerStatus {
  name: string;
  ready: boolean;
  started: boolean;
  restartCount: number;
  image: string;
  imageID: string;
  containerID?: string;
  state: { running: { startedAt: string } } | { waiting: { reason: string } };
}

export interface KubePod {
  apiVersion: 'v1';
  kind: 'Pod';
  metadata: ObjectMeta;
  spec: {
    nodeName?: string;
    hostNetwork?: boolean;
    containers: { name: string; image: string; resources: { requests: ResourceQuantities } }[];
    restartPolicy: 'Always';
    schedulerName: string;
    serviceAccountName: string;
    priorityClassName?: string;
  };
  status: {
    phase: 'Running' | 'Pending';
    conditions: Condition[];
    hostIP?: string;
    podIP?: string;
    podIPs?: { ip: string }[];
    startTime?: string;
    containerStatuses?: ContainerStatus[];
    qosClass: 'Burstable';
  };
}

export interface KubePersistentVolume {
  apiVersion: 'v1';
  kind: 'PersistentVolume';
  metadata: ObjectMeta;
  spec: {
    capacity: { storage: string };
    accessModes: string[];
    persistentVolumeReclaimPolicy: 'Delete' | 'Retain';
    storageClassName: string;
    volumeMode: 'Filesystem';
    csi: { driver: string; volumeHandle: string; fsType: string };
    claimRef?: { apiVersion: 'v1'; kind: 'PersistentVolumeClaim'; namespace: string; name: string };
  };
  status: { phase: 'Available' | 'Bound' };
}

export interface KubeService {
  apiVersion: 'v1';
  kind: 'Service';
  metadata: ObjectMeta;
  spec: {
    type: 'ClusterIP' | 'LoadBalancer';
    clusterIP: string;
    clusterIPs: string[];
    ports: {
      name: string;
      protocol: 'TCP' | 'UDP';
      port: number;
      targetPort: number;
      nodePort?: number;
    }[];
    selector?: Record<string, string>;
    sessionAffinity: 'None';
    externalTrafficPolicy?: 'Cluster';
  };
  status: { loadBalancer: { ingress?: { ip: string }[] } };
}

export type KubeObject =
  KubeNode | KubeNamespace | KubePod | KubePersistentVolume | KubeService | KubeManifest;
