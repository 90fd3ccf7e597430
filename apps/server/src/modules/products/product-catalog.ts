import type { ProductCategory } from '@alpenkube/contract';
import type { Db } from '../../db/client.ts';
import { marketplaceProducts, type ProductPlanRow } from './schema.ts';

type ProductRow = Omit<typeof marketplaceProducts.$inferInsert, 'id' | 'category'> & {
  category: ProductCategory;
};

/** A year paid up front costs ten months, as the add-ons and support plans do. */
const plan = (slug: string, name: string, size: string, monthlyCents: number): ProductPlanRow => ({
  slug,
  name,
  size,
  priceMonthlyCents: monthlyCents,
  priceYearlyCents: monthlyCents * 10,
});

/** The platform's own EU regions, where every product runs. */
const SOVEREIGN = [
  'alpenkube:eu-de-fra',
  'alpenkube:eu-fr-par',
  'alpenkube:eu-nl-ams',
  'alpenkube:eu-at-vie',
];
const NORDIC_SOUTH = ['alpenkube:eu-se-sto', 'alpenkube:eu-es-mad'];
const SWISS = ['alpenkube:ch-zrh'];
const HYPERSCALER_EU = ['gke:europe-west3', 'eks:eu-central-1', 'aks:germanywestcentral'];

/** The marketplace, in the order the catalog page lists it. Prices in USD cents. */
export const PRODUCT_CATALOG: ProductRow[] = [
  {
    slug: 'postgresql',
    name: 'Managed PostgreSQL',
    category: 'Databases',
    vendor: 'PostgreSQL 17',
    summary: 'PostgreSQL with automated backups, point-in-time recovery and a standby replica.',
    description:
      'A PostgreSQL 17 primary with a synchronous standby in a second zone, daily backups kept for 14 days, point-in-time recovery to any second of the last 7 days, and connection pooling by PgBouncer. Data never leaves the region you choose.',
    plans: [
      plan('hobby', 'Hobby', '1 vCPU, 2 GB RAM, 20 GB storage, no standby', 1900),
      plan('standard', 'Standard', '2 vCPU, 8 GB RAM, 100 GB storage, 1 standby', 8900),
      plan('business', 'Business', '4 vCPU, 16 GB RAM, 500 GB storage, 1 standby', 24900),
      plan('enterprise', 'Enterprise', '16 vCPU, 64 GB RAM, 2 TB storage, 2 standbys', 89900),
    ],
    regions: [...SOVEREIGN, ...NORDIC_SOUTH, ...SWISS, ...HYPERSCALER_EU],
    sortOrder: 1,
  },
  {
    slug: 'cache',
    name: 'Managed Cache',
    category: 'Databases',
    vendor: 'Valkey 8 (Redis-compatible)',
    summary: 'An in-memory key-value store that speaks the Redis protocol, with a replica.',
    description:
      'Valkey 8, wire-compatible with Redis clients, with a replica for failover, TLS, ACL users and optional persistence to disk. Suited to sessions, queues and caches in front of a database.',
    plans: [
      plan('small', 'Small', '1 GB memory, 1 replica', 2500),
      plan('medium', 'Medium', '4 GB memory, 1 replica', 7900),
      plan('large', 'Large', '16 GB memory, 2 replicas', 24900),
    ],
    regions: [...SOVEREIGN, ...NORDIC_SOUTH, ...HYPERSCALER_EU],
    sortOrder: 2,
  },
  {
    slug: 'kafka',
    name: 'Event Streaming',
    category: 'Messaging',
    vendor: 'Redpanda 24 (Kafka-compatible)',
    summary: 'A Kafka-compatible broker cluster with schema registry and 7 days of retention.',
    description:
      'Three brokers speaking the Kafka protocol across three zones, with a schema registry, SASL/SCRAM users, TLS and 7 days of retention by default. Existing Kafka clients and connectors work unchanged.',
    plans: [
      plan('starter', 'Starter', '3 brokers, 2 vCPU each, 100 GB per broker', 19900),
      plan('growth', 'Growth', '3 brokers, 4 vCPU each, 500 GB per broker', 49900),
      plan('scale', 'Scale', '5 brokers, 8 vCPU each, 2 TB per broker', 149900),
    ],
    regions: [...SOVEREIGN, ...HYPERSCALER_EU],
    sortOrder: 3,
  },
  {
    slug: 'object-storage',
    name: 'Object Storage',
    category: 'Storage',
    vendor: 'S3-compatible (Ceph RGW)',
    summary: 'S3-compatible buckets with versioning, object lock and EU-only replication.',
    description:
      'Buckets reached with any S3 client, with versioning, object lock for immutable backups, lifecycle rules and server-side encryption. Erasure-coded across three zones of one region.',
    plans: [
      plan('1tb', '1 TB', '1 TB stored, 1 TB egress a month', 1500),
      plan('10tb', '10 TB', '10 TB stored, 10 TB egress a month', 11900),
      plan('100tb', '100 TB', '100 TB stored, 50 TB egress a month', 99900),
    ],
    regions: [...SOVEREIGN, ...NORDIC_SOUTH, ...SWISS],
    sortOrder: 4,
  },
  {
    slug: 'container-registry',
    name: 'Container Registry',
    category: 'Developer tools',
    vendor: 'Harbor 2.12',
    summary: 'A private OCI registry with image signing, replication and retention rules.',
    description:
      'Harbor with projects, robot accounts, cosign signature checks, retention policies and pull-through caches of public registries, so that clusters pull from the same region.',
    plans: [
      plan('team', 'Team', '100 GB of images, 5 projects', 2900),
      plan('business', 'Business', '1 TB of images, unlimited projects, replication', 11900),
    ],
    regions: [...SOVEREIGN, ...HYPERSCALER_EU],
    sortOrder: 5,
  },
  {
    slug: 'secrets-vault',
    name: 'Secrets Vault',
    category: 'Security',
    vendor: 'OpenBao 2 (Vault-compatible)',
    summary: 'A highly available secrets store with dynamic credentials and audit logs.',
    description:
      'OpenBao, API-compatible with HashiCorp Vault, with three nodes, auto-unseal by an HSM-backed key in the region, dynamic database credentials, PKI and an audit log kept for a year.',
    plans: [
      plan('standard', 'Standard', '3 nodes, 10,000 secrets', 9900),
      plan('premium', 'Premium', '5 nodes, unlimited secrets, HSM-backed keys', 39900),
    ],
    regions: [...SOVEREIGN, ...SWISS],
    sortOrder: 6,
  },
  {
    slug: 'observability',
    name: 'Observability Stack',
    category: 'Observability',
    vendor: 'Grafana, Mimir, Loki, Tempo',
    summary: 'Metrics, logs and traces in one hosted stack, with dashboards and alerting.',
    description:
      'A hosted Grafana with Mimir for metrics, Loki for logs and Tempo for traces, fed by OpenTelemetry from any cluster or server. Alerts go to e-mail, Slack or PagerDuty.',
    plans: [
      plan('starter', 'Starter', '100k active series, 100 GB logs, 14 days', 4900),
      plan('pro', 'Pro', '1M active series, 1 TB logs, 30 days', 29900),
      plan('enterprise', 'Enterprise', '10M active series, 10 TB logs, 90 days', 149900),
    ],
    regions: [...SOVEREIGN, ...NORDIC_SOUTH],
    sortOrder: 7,
  },
  {
    slug: 'vulnerability-scanner',
    name: 'Vulnerability Scanner',
    category: 'Security',
    vendor: 'Trivy and Grype',
    summary: 'Scans images, clusters and dependencies for known vulnerabilities every day.',
    description:
      'Daily scans of registries, running workloads and SBOMs against the NVD, GitHub and OS advisories, with findings by severity, exceptions with expiry and a weekly report.',
    plans: [
      plan('team', 'Team', 'Up to 500 images, daily scans', 3900),
      plan('business', 'Business', 'Up to 5,000 images, hourly scans, SBOM export', 14900),
    ],
    regions: [...SOVEREIGN],
    sortOrder: 8,
  },
  {
    slug: 'gpu-inference',
    name: 'GPU Inference Endpoint',
    category: 'AI',
    vendor: 'vLLM on NVIDIA L40S and H100',
    summary: 'A private, OpenAI-compatible endpoint serving an open-weight model on EU GPUs.',
    description:
      'A dedicated inference endpoint serving an open-weight model of your choice through an OpenAI-compatible API, on GPUs in the EU. Prompts and answers are neither logged nor used for training.',
    plans: [
      plan('l40s', '1× L40S', '1 NVIDIA L40S 48 GB, models up to 14B parameters', 119900),
      plan('h100', '1× H100', '1 NVIDIA H100 80 GB, models up to 70B (quantised)', 299900),
      plan('h100x4', '4× H100', '4 NVIDIA H100 80 GB, models up to 400B', 1099900),
    ],
    regions: ['alpenkube:eu-de-fra', 'alpenkube:eu-fr-par', 'alpenkube:eu-se-sto'],
    sortOrder: 9,
  },
  {
    slug: 'backup-vault',
    name: 'Backup Vault',
    category: 'Storage',
    vendor: 'Velero and Restic',
    summary: 'Immutable off-site backups of clusters and volumes in a second EU region.',
    description:
      'Scheduled backups of Kubernetes resources and persistent volumes, encrypted before they leave the cluster, stored immutable for the retention you choose in another EU region.',
    plans: [
      plan('500gb', '500 GB', '500 GB of backups, 30 days retention', 2900),
      plan('5tb', '5 TB', '5 TB of backups, 90 days retention', 17900),
      plan('50tb', '50 TB', '50 TB of backups, 1 year retention', 129900),
    ],
    regions: [...SOVEREIGN, ...NORDIC_SOUTH, ...SWISS],
    sortOrder: 10,
  },
  {
    slug: 'identity',
    name: 'Identity Provider',
    category: 'Security',
    vendor: 'Keycloak 26',
    summary: 'Single sign-on with OpenID Connect and SAML, MFA and user federation.',
    description:
      'Keycloak with realms, OpenID Connect and SAML clients, passkeys and TOTP, LDAP and Active Directory federation, and themes for your login pages. Highly available across two zones.',
    plans: [
      plan('starter', 'Starter', 'Up to 1,000 users, 1 realm', 4900),
      plan('business', 'Business', 'Up to 25,000 users, 5 realms', 19900),
      plan('enterprise', 'Enterprise', 'Unlimited users and realms, 99.95% SLA', 79900),
    ],
    regions: [...SOVEREIGN, ...SWISS],
    sortOrder: 11,
  },
  {
    slug: 'ci-runners',
    name: 'CI Runners',
    category: 'Developer tools',
    vendor: 'GitLab and GitHub Actions runners',
    summary: 'Autoscaled build runners for GitLab CI and GitHub Actions, billed flat.',
    description:
      'Ephemeral runners registered with your GitLab instance or GitHub organization, started per job in the region, with a shared build cache and Docker-in-Docker.',
    plans: [
      plan('small', 'Small', 'Up to 4 concurrent jobs, 2 vCPU each', 3900),
      plan('medium', 'Medium', 'Up to 16 concurrent jobs, 4 vCPU each', 14900),
      plan('large', 'Large', 'Up to 64 concurrent jobs, 8 vCPU each', 49900),
    ],
    regions: [...SOVEREIGN, ...NORDIC_SOUTH, ...HYPERSCALER_EU],
    sortOrder: 12,
  },
];

/** The catalog's product of a slug and its plan, or null: what orders and renewals price from. */
export function findProductPlan(productSlug: string, planSlug: string) {
  const product = PRODUCT_CATALOG.find((candidate) => candidate.slug === productSlug);
  const found = product?.plans.find((candidate) => candidate.slug === planSlug);
  return product && found ? { product, plan: found } : null;
}

/**
 * Keeps the marketplace table equal to the catalog in code (prices change with a deploy). A
 * product taken off the shelf keeps its row: instances and orders still name it.
 */
export async function syncProductCatalog(db: Db) {
  await db.transaction(async (tx) => {
    for (const product of PRODUCT_CATALOG) {
      await tx
        .insert(marketplaceProducts)
        .values(product)
        .onConflictDoUpdate({ target: marketplaceProducts.slug, set: product });
    }
  });
}
