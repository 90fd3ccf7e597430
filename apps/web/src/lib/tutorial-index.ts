/**
 * The tutorials shipped with the app. Metadata lives here (not in front-matter) so the
 * list page, search and the page-meta table can use it without loading any article body.
 * Each slug has a body in features/tutorials/content/<slug>.md.
 */
export type TutorialCategory =
  'Getting started' | 'Operations' | 'Account and billing' | 'Security';

export interface TutorialMeta {
  slug: string;
  title: string;
  summary: string;
  category: TutorialCategory;
  readingMinutes: number;
}

export const tutorialCategories: TutorialCategory[] = [
  'Getting started',
  'Operations',
  'Account and billing',
  'Security',
];

export const tutorials: TutorialMeta[] = [
  {
    slug: 'getting-started',
    title: 'Getting started: your first cluster',
    summary:
      'Choose a tier, configure and order a cluster, connect with kubectl and deploy a first workload.',
    category: 'Getting started',
    readingMinutes: 8,
  },
  {
    slug: 'kubeconfig',
    title: 'Connect with kubeconfig',
    summary:
      'Download, merge and switch kubeconfig contexts, give teammates scoped access and rotate credentials.',
    category: 'Getting started',
    readingMinutes: 6,
  },
  {
    slug: 'node-pools',
    title: 'Organize workloads with node pools',
    summary:
      'Create pools of different node sizes, schedule pods onto them with the pool label and keep others off with taints.',
    category: 'Operations',
    readingMinutes: 7,
  },
  {
    slug: 'scaling',
    title: 'Scale pods and node pools',
    summary:
      'The Horizontal Pod Autoscaler, resizing node pools from the console or the API, PodDisruptionBudgets and why pods stay pending.',
    category: 'Operations',
    readingMinutes: 8,
  },
  {
    slug: 'upgrades',
    title: 'Upgrade Kubernetes safely',
    summary:
      'Minor-version upgrades you start, finding removed APIs before you upgrade, and how nodes are replaced.',
    category: 'Operations',
    readingMinutes: 7,
  },
  {
    slug: 'add-ons',
    title: 'Install and use add-ons',
    summary:
      'The add-on catalog, publishing a service with Ingress and a free TLS certificate, and opening Grafana.',
    category: 'Operations',
    readingMinutes: 7,
  },
  {
    slug: 'backups',
    title: 'Back up and restore with the Backup add-on',
    summary:
      'Scheduled Velero backups to storage you configure, consistent database snapshots and tested restores.',
    category: 'Operations',
    readingMinutes: 7,
  },
  {
    slug: 'billing-and-invoices',
    title: 'Billing, usage and invoices',
    summary:
      'How cluster prices are built, the yearly discount, metered usage, invoice states and payment methods.',
    category: 'Account and billing',
    readingMinutes: 6,
  },
  {
    slug: 'support',
    title: 'Getting help from support',
    summary:
      'Where to ask, how to choose a severity, what to put in a ticket and what each ticket state means.',
    category: 'Account and billing',
    readingMinutes: 5,
  },
  {
    slug: 'api-access',
    title: 'The API and access tokens',
    summary:
      'Call the platform API from scripts, manage sessions, and issue short-lived Kubernetes tokens for CI.',
    category: 'Security',
    readingMinutes: 8,
  },
  {
    slug: 'security-and-compliance',
    title: 'Security and compliance: GDPR, HDS, CISPE',
    summary:
      'Shared responsibility, data sovereignty, GDPR, HDS and CISPE, cluster access and audit proof.',
    category: 'Security',
    readingMinutes: 8,
  },
  {
    slug: 'migration',
    title: 'Migrate workloads to Alpenkube',
    summary:
      'Inventory, move stateless and stateful workloads with Velero, test, and cut over with a rollback path.',
    category: 'Operations',
    readingMinutes: 9,
  },
];

export function findTutorial(slug: string | undefined): TutorialMeta | undefined {
  return tutorials.find((t) => t.slug === slug);
}
