import type { ClusterPageType, ClusterTypeInfo } from './cluster-type-catalog';

export type ClusterTypeTagline = Pick<ClusterTypeInfo, 'type' | 'fallbackName' | 'tagline'>;

/**
 * Each cluster-type page's name and one-line pitch: what the home page's tier grid shows. A
 * module of its own so the home page does not load every tier's story (cluster-type-copy.ts,
 * which builds on it).
 */
export const clusterTypeTaglines: Record<ClusterPageType, ClusterTypeTagline> = {
  blue: {
    type: 'blue',
    fallbackName: 'Standard (Blue)',
    tagline:
      'The production default: balanced nodes, a 99.9% availability target, the region you choose.',
  },
  red: {
    type: 'red',
    fallbackName: 'Enterprise (Red)',
    tagline: 'Highly available control plane over three zones, the highest availability target.',
  },
  green: {
    type: 'green',
    fallbackName: 'Economy (Green)',
    tagline:
      'Production Kubernetes at the lowest price per node, for workloads that tolerate a pause.',
  },
  data: {
    type: 'data',
    fallbackName: 'Data Analytics',
    tagline: 'Large nodes with up to 64 GB of memory, for analytics engines and databases.',
  },
  ai: {
    type: 'ai',
    fallbackName: 'AI/ML (Violet)',
    tagline:
      'GPU node pools for training and inference, with the NVIDIA GPU operator as a free add-on.',
  },
  orange: {
    type: 'orange',
    fallbackName: 'Dev/Test (Orange)',
    tagline: 'Cheap, disposable clusters for CI pipelines, previews and staging.',
  },
  sandbox: {
    type: 'sandbox',
    fallbackName: 'Sandbox (Gray)',
    tagline: 'The smallest cluster we offer, for learning and experiments.',
  },
  additional: {
    type: 'additional',
    fallbackName: 'Dedicated and custom clusters',
    tagline:
      'When the seven tiers are not enough: dedicated hardware and clusters built to your specification.',
  },
};
