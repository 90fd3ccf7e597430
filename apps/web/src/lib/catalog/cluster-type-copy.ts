import type { ClusterPageType, ClusterTypeInfo } from './cluster-type-catalog';
import { clusterTypeTaglines } from './cluster-type-taglines';

/** A page's tagline (the home page's part) with its story. */
const withTagline = (
  type: ClusterPageType,
  story: Pick<ClusterTypeInfo, 'story' | 'useCases'>,
): ClusterTypeInfo => ({ ...clusterTypeTaglines[type], ...story });

/**
 * The story and use cases of each cluster-type page: what the tier data does not say. The
 * name and tagline come from cluster-type-taglines.ts, which the home page loads on its own.
 */
export const clusterTypeCopy: Record<ClusterPageType, ClusterTypeInfo> = {
  blue: withTagline('blue', {
    story:
      'Standard clusters are where most teams run their production services. Nodes are general-purpose, the control plane is managed for you, and node pools grow or shrink when you resize them.',
    useCases: [
      {
        title: 'Web applications and APIs',
        text: 'Stateless services behind the Ingress add-on with automatic TLS.',
      },
      {
        title: 'SaaS back ends',
        text: 'Multi-tenant services with namespaces, quotas and network policies.',
      },
      {
        title: 'Internal platforms',
        text: 'Shared clusters for several teams, with GitOps through Argo CD.',
      },
    ],
  }),
  red: withTagline('red', {
    story:
      'Enterprise clusters are built for workloads where downtime has a price and auditors ask questions: a control plane replicated across three zones and round-the-clock support for critical incidents.',
    useCases: [
      {
        title: 'Audited workloads',
        text: 'An audit trail of every change and a report of where each cluster runs.',
      },
      {
        title: 'Financial services',
        text: 'Payment and core-banking services with strict availability targets.',
      },
      {
        title: 'Public sector',
        text: 'Clusters kept in EU regions by an EU-only residency policy that the server enforces, for administrations whose data must stay in the EU.',
      },
    ],
  }),
  green: withTagline('green', {
    story:
      'Economy clusters trade a little availability for a lot of savings: a single-zone control plane and efficient node sizes. A good fit for steady workloads with retries built in.',
    useCases: [
      {
        title: 'Batch and queue workers',
        text: 'Jobs that pick up where they left off after a restart.',
      },
      {
        title: 'Internal tools',
        text: 'Dashboards, wikis and back-office apps used in office hours.',
      },
      { title: 'Small businesses', text: 'A first production cluster on a small budget.' },
    ],
  }),
  data: withTagline('data', {
    story:
      'Data Analytics clusters offer nodes with 32 or 64 GB of memory and up to 400 GB of disk, so Spark executors, Trino workers and stateful databases have room to work, in the region you choose.',
    useCases: [
      {
        title: 'Spark and Trino',
        text: 'Distributed queries over your data lake, scaled per job.',
      },
      {
        title: 'Databases on Kubernetes',
        text: 'PostgreSQL or ClickHouse operators with snapshot backups.',
      },
      { title: 'Streaming', text: 'Kafka and Flink pipelines with steady throughput.' },
    ],
  }),
  ai: withTagline('ai', {
    story:
      'AI/ML clusters add GPU node pools to Kubernetes, with the NVIDIA GPU operator as a free add-on. Train and serve models in the region you choose.',
    useCases: [
      {
        title: 'Model training',
        text: 'Distributed training jobs on L4 or H100 node pools.',
      },
      {
        title: 'Inference',
        text: 'Serve LLMs and vision models on GPU nodes.',
      },
      { title: 'Notebooks', text: 'Shared JupyterHub environments for data-science teams.' },
    ],
  }),
  orange: withTagline('orange', {
    story:
      'Dev/Test clusters mirror production Kubernetes at a fraction of the price. Create one per branch or per team, rehearse upgrades before production, and delete it when you are done: the unused hours of its period come back as credit.',
    useCases: [
      {
        title: 'CI pipelines',
        text: 'Run integration tests against a real cluster on every merge request.',
      },
      { title: 'Preview environments', text: 'One namespace or cluster per pull request.' },
      {
        title: 'Upgrade rehearsals',
        text: 'Try the next Kubernetes version before production does.',
      },
    ],
  }),
  sandbox: withTagline('sandbox', {
    story:
      'Sandbox clusters are for trying things: follow the tutorials, test a Helm chart, learn Kubernetes. They carry no SLA and are not meant for production data.',
    useCases: [
      {
        title: 'Learning Kubernetes',
        text: 'Follow our tutorials on a managed cluster of your own.',
      },
      {
        title: 'Proofs of concept',
        text: 'Show that an application runs on Kubernetes before committing.',
      },
      { title: 'Workshops', text: 'One cluster per participant for a day of training.' },
    ],
  }),
  additional: withTagline('additional', {
    story:
      'Some projects need single-tenant hardware, an on-premises location, unusual GPU models or contractual terms of their own. Our solutions team designs, prices and runs these clusters with the same console and API as every other tier.',
    useCases: [
      {
        title: 'Dedicated clusters',
        text: 'Single-tenant bare-metal nodes reserved for your organization, in the region of your choice.',
      },
      {
        title: 'Custom clusters',
        text: 'Specific hardware, networking (private interconnect, your own IP ranges) or compliance clauses.',
      },
      {
        title: 'Managed on-premises',
        text: 'Alpenkube operates Kubernetes on hardware in your own data centre.',
      },
    ],
  }),
};
