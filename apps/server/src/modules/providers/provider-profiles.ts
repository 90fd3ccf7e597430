/**
 * How each provider's managed Kubernetes behaves, as far as the simulation needs: how long its
 * steps take at speed 1 (what the provider takes in reality, roughly), its quota, and where it
 * lacks capacity. The numbers come from the providers' own documentation and common experience:
 * EKS takes about ten minutes for a control plane, GKE and AKS a few, DOKS and the platform's
 * own cloud the least.
 */
export interface ProviderProfile {
  slug: string;
  controlPlaneSeconds: number;
  networkSeconds: number;
  etcdSeconds: number;
  /** The first node of a pool boots in this time; the others join while it does. */
  firstNodeSeconds: number;
  nextNodeSeconds: number;
  addonSeconds: number;
  /** Replacing one node in an upgrade or a recycle: drain, replace, rejoin. */
  nodeReplaceSeconds: number;
  /** The most nodes the provider allows one cluster by default (its quota). */
  nodeQuota: number;
  /** Regions with no capacity now: creating there fails after the retries. */
  regionsWithoutCapacity: string[];
  /** GPU node sizes are only to be had in these regions (all where absent). */
  gpuRegions?: string[];
  /** A provider's own name for a node, from the cluster, pool and a short id. */
  nodeName: (cluster: string, pool: string, id: string) => string;
}

const plain = (cluster: string, pool: string, id: string) => `${cluster}-${pool}-${id}`;

export const providerProfiles: Record<string, ProviderProfile> = {
  alpenkube: {
    slug: 'alpenkube',
    controlPlaneSeconds: 90,
    networkSeconds: 10,
    etcdSeconds: 20,
    firstNodeSeconds: 45,
    nextNodeSeconds: 8,
    addonSeconds: 15,
    nodeReplaceSeconds: 60,
    nodeQuota: 500,
    regionsWithoutCapacity: [],
    nodeName: plain,
  },
  gke: {
    slug: 'gke',
    controlPlaneSeconds: 240,
    networkSeconds: 20,
    etcdSeconds: 30,
    firstNodeSeconds: 60,
    nextNodeSeconds: 10,
    addonSeconds: 20,
    nodeReplaceSeconds: 90,
    nodeQuota: 500,
    regionsWithoutCapacity: [],
    gpuRegions: ['europe-west3', 'us-east4'],
    nodeName: (cluster, pool, id) => `gke-${cluster}-${pool}-${id}`,
  },
  eks: {
    slug: 'eks',
    // EKS is known for its slow control plane.
    controlPlaneSeconds: 600,
    networkSeconds: 45,
    etcdSeconds: 30,
    firstNodeSeconds: 120,
    nextNodeSeconds: 15,
    addonSeconds: 30,
    nodeReplaceSeconds: 180,
    nodeQuota: 450,
    regionsWithoutCapacity: [],
    gpuRegions: ['eu-central-1', 'us-east-1'],
    nodeName: (cluster, pool, id) => `eks-${cluster}-${pool}-${id}`,
  },
  aks: {
    slug: 'aks',
    controlPlaneSeconds: 300,
    networkSeconds: 30,
    etcdSeconds: 30,
    firstNodeSeconds: 90,
    nextNodeSeconds: 12,
    addonSeconds: 25,
    nodeReplaceSeconds: 120,
    nodeQuota: 500,
    regionsWithoutCapacity: [],
    nodeName: (_cluster, pool, id) => `aks-${pool}-${id}-vmss`,
  },
  iks: {
    slug: 'iks',
    controlPlaneSeconds: 420,
    networkSeconds: 30,
    etcdSeconds: 40,
    firstNodeSeconds: 150,
    nextNodeSeconds: 20,
    addonSeconds: 30,
    nodeReplaceSeconds: 180,
    nodeQuota: 250,
    regionsWithoutCapacity: [],
    nodeName: plain,
  },
  cce: {
    slug: 'cce',
    controlPlaneSeconds: 360,
    networkSeconds: 30,
    etcdSeconds: 30,
    firstNodeSeconds: 120,
    nextNodeSeconds: 15,
    addonSeconds: 30,
    nodeReplaceSeconds: 150,
    nodeQuota: 200,
    // Johannesburg is short of machines.
    regionsWithoutCapacity: ['af-south-1'],
    nodeName: plain,
  },
  ack: {
    slug: 'ack',
    controlPlaneSeconds: 300,
    networkSeconds: 25,
    etcdSeconds: 30,
    firstNodeSeconds: 100,
    nextNodeSeconds: 12,
    addonSeconds: 25,
    nodeReplaceSeconds: 120,
    nodeQuota: 300,
    regionsWithoutCapacity: [],
    nodeName: plain,
  },
  doks: {
    slug: 'doks',
    controlPlaneSeconds: 180,
    networkSeconds: 10,
    etcdSeconds: 20,
    firstNodeSeconds: 60,
    nextNodeSeconds: 8,
    addonSeconds: 20,
    nodeReplaceSeconds: 90,
    // DigitalOcean caps a cluster's nodes lower than the hyperscalers.
    nodeQuota: 100,
    regionsWithoutCapacity: [],
    gpuRegions: ['nyc3'],
    nodeName: plain,
  },
};
