import type { addons } from './schema.ts';

type AddonRow = Omit<typeof addons.$inferInsert, 'id'>;

const ALL = ['blue', 'red', 'green', 'data', 'ai', 'orange', 'sandbox'];
const PRODUCTION = ['blue', 'red', 'green', 'data', 'ai'];

/** A year paid up front costs ten months. */
const yearly = (monthlyCents: number) => monthlyCents * 10;

const addon = (row: Omit<AddonRow, 'priceYearlyCents'>): AddonRow => ({
  ...row,
  priceYearlyCents: yearly(row.priceMonthlyCents),
});

/** The add-on catalog, in the order the pricing page lists it. Prices in USD cents. */
export const ADDON_CATALOG: AddonRow[] = [
  addon({
    slug: 'ingress-nginx',
    name: 'Ingress controller',
    category: 'Networking',
    sortOrder: 1,
    unit: 'cluster',
    priceMonthlyCents: 0,
    compatibleTiers: ALL,
    description: 'The NGINX ingress controller, routing HTTP and HTTPS traffic to your services.',
  }),
  addon({
    slug: 'cert-manager',
    name: 'Certificates (cert-manager)',
    category: 'Security',
    sortOrder: 2,
    unit: 'cluster',
    priceMonthlyCents: 0,
    compatibleTiers: ALL,
    description:
      "cert-manager, which issues and renews TLS certificates from Let's Encrypt or your own CA.",
  }),
  addon({
    slug: 'monitoring',
    name: 'Monitoring',
    category: 'Observability',
    sortOrder: 3,
    unit: 'cluster',
    priceMonthlyCents: 2900,
    compatibleTiers: ALL,
    description: 'Prometheus and Grafana with alerting, running in the cluster.',
  }),
  addon({
    slug: 'logging',
    name: 'Logging',
    category: 'Observability',
    sortOrder: 4,
    unit: 'cluster',
    priceMonthlyCents: 3900,
    compatibleTiers: ALL,
    description: 'Loki-based log collection and search, running in the cluster.',
  }),
  addon({
    slug: 'backup',
    name: 'Backup and restore',
    category: 'Data protection',
    sortOrder: 5,
    unit: 'node',
    priceMonthlyCents: 400,
    compatibleTiers: PRODUCTION,
    description:
      'Velero, for scheduled backups of Kubernetes resources and volumes to storage you configure.',
  }),
  addon({
    slug: 'service-mesh',
    name: 'Service mesh',
    category: 'Networking',
    sortOrder: 6,
    unit: 'node',
    priceMonthlyCents: 600,
    compatibleTiers: ['blue', 'red', 'data', 'ai'],
    description:
      'Istio with mutual TLS between services, traffic shifting and per-route telemetry.',
  }),
  addon({
    slug: 'gitops',
    name: 'GitOps (Argo CD)',
    category: 'Delivery',
    sortOrder: 7,
    unit: 'cluster',
    priceMonthlyCents: 1900,
    compatibleTiers: ALL,
    description: 'Argo CD deploys from your Git repositories and shows drift from them.',
  }),
  addon({
    slug: 'gpu-operator',
    name: 'GPU operator',
    category: 'AI/ML',
    sortOrder: 8,
    unit: 'node',
    priceMonthlyCents: 0,
    compatibleTiers: ['ai'],
    description:
      'The NVIDIA GPU operator: drivers, device plugin and DCGM metrics on the GPU nodes.',
  }),
  addon({
    slug: 'policy',
    name: 'Policy (Kyverno)',
    category: 'Security',
    sortOrder: 9,
    unit: 'cluster',
    priceMonthlyCents: 1500,
    compatibleTiers: PRODUCTION,
    description:
      'Kyverno admission policies, for example on image provenance and resource limits, with policy reports.',
  }),
];
