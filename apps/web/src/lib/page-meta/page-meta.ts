/**
 * Title and meta description of every public path, as plain data (no React) so the server
 * can write them into the HTML it serves for that path, before any JavaScript runs.
 */
// Relative imports only: the build's plugin (build/page-meta-plugin.ts) loads this file from
// vite.config.ts, where the @/ alias does not apply.
import { tutorials } from '../tutorial-index';
import { clusterTypeCopy } from '../catalog/cluster-type-copy';
import { clusterPageAliases, clusterTypeAliases } from '../catalog/cluster-type-routes';
import { resolveClusterType } from '../catalog/cluster-type-catalog';

export interface PageMeta {
  title: string;
  description: string;
}

const SITE = 'Alpenkube';
const t = (title: string, description: string): PageMeta => ({
  title: `${title} | ${SITE}`,
  description,
});

const staticPages: Record<string, PageMeta> = {
  '/': {
    title: `${SITE} · Managed Kubernetes on a sovereign European cloud`,
    description:
      'Managed Kubernetes clusters in EU regions, or wherever your organization allows: seven tiers from sandbox to GPU, clear prices, an audit trail for GDPR and HDS.',
  },
  '/pricing': t(
    'Pricing',
    'Monthly and yearly prices of every Alpenkube cluster tier in USD, EUR or GBP, with the yearly discount and what each tier includes.',
  ),
  '/documentation': t(
    'Documentation',
    'Guides for running Kubernetes on Alpenkube: clusters, kubeconfig, node pools, scaling, upgrades, add-ons, backups, billing and the API.',
  ),
  '/tutorials': t(
    'Tutorials',
    'Step-by-step Kubernetes tutorials for Alpenkube, with kubectl commands and YAML you can copy. Searchable.',
  ),
  '/about': t(
    'About us',
    'Alpenkube is a European managed-Kubernetes provider: who we are, where we host, and why data sovereignty is the point.',
  ),
  '/careers': t(
    'Careers',
    'Open positions at Alpenkube: build a sovereign European Kubernetes platform with us.',
  ),
  '/case-studies': t(
    'Case studies',
    'Worked examples: how a hospital group, a payments company, an AI company or a public agency can run Kubernetes on Alpenkube.',
  ),
  '/faq': t(
    'FAQ',
    'Answers about Alpenkube clusters, prices, billing, data location, GDPR, HDS, CISPE and support. Searchable.',
  ),
  '/privacy-policy': t(
    'Privacy policy',
    'What personal data Alpenkube processes, why, for how long, where it is stored and how to exercise your GDPR rights.',
  ),
  '/privacy': t(
    'Privacy policy',
    'What personal data Alpenkube processes, why, for how long, where it is stored and how to exercise your GDPR rights.',
  ),
  '/terms': t(
    'Terms of service',
    'The terms governing Alpenkube services: accounts, orders, billing, SLA credits, data processing and liability.',
  ),
  '/contact': t(
    'Contact us',
    'Write to the Alpenkube team: questions, partnerships, press. We answer within one business day.',
  ),
  '/schedule-demo': t(
    'Schedule a demo',
    'Book a 30-minute live demo of Alpenkube with an engineer, at a time that suits you.',
  ),
  '/contact-sales': t(
    'Contact sales',
    'Talk to Alpenkube sales about volume pricing, yearly contracts, HDS and enterprise terms.',
  ),
  '/custom-quote': t(
    'Request a custom quote',
    'Describe your workload and get a tailored quote for dedicated or custom Kubernetes clusters.',
  ),
  '/workload-migration': t(
    'Workload migration',
    'Move your Kubernetes workloads from another provider to Alpenkube with our migration team.',
  ),
  '/newsletter': t(
    'Newsletter',
    'Monthly Alpenkube news: new Kubernetes versions, features, tutorials and EU cloud regulation. Double opt-in.',
  ),
  '/api-reference': t(
    'API reference',
    'The Alpenkube HTTP API, rendered live from its OpenAPI document: operations, parameters and schemas.',
  ),
  '/test-service': t(
    'Service status test',
    'Check the Alpenkube API from your browser: health, database and the latency of the main calls.',
  ),
  '/currency-test': t(
    'Currency test',
    'Inspect the exchange-rate cache used to display prices in USD, EUR and GBP, and refresh it.',
  ),
  '/support': t(
    'Support',
    'Get help with Alpenkube: documentation, technical and billing support, tickets with or without an account.',
  ),
  '/technical-support': t(
    'Technical support',
    'Get technical help with clusters, add-ons and the console: severities, response times and a ticket form.',
  ),
  '/billing-support': t(
    'Billing support',
    'Questions about invoices, charges, payment methods or credits: how to reach Alpenkube billing.',
  ),
  '/submit-ticket': t(
    'Submit a ticket',
    'Open an Alpenkube support ticket without an account and receive a tracking code by e-mail.',
  ),
  '/track-ticket': t(
    'Track a ticket',
    'Follow a support ticket with its tracking code and e-mail address, read the replies and answer.',
  ),
};

function clusterTypeMeta(name: string): PageMeta | undefined {
  const type = resolveClusterType(name);
  if (!type) return undefined;
  const copy = clusterTypeCopy[type];
  const title = type === 'additional' ? copy.fallbackName : `${copy.fallbackName} clusters`;
  return t(title, copy.tagline);
}

function buildTable(): Record<string, PageMeta> {
  const table: Record<string, PageMeta> = { ...staticPages };
  for (const tutorial of tutorials) {
    table[`/tutorials/${tutorial.slug}`] = t(tutorial.title, tutorial.summary);
  }
  for (const name of clusterTypeAliases) {
    const meta = clusterTypeMeta(name)!;
    table[`/cluster-types/${name}`] = meta;
    table[`/${name}-cluster`] = meta;
  }
  for (const name of clusterPageAliases) table[`/${name}-cluster-page`] = clusterTypeMeta(name)!;
  return table;
}

export const publicPageMeta: Record<string, PageMeta> = buildTable();

/** The meta of a public path (trailing slash ignored), or undefined if it is not public. */
export function pageMetaFor(pathname: string): PageMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPageMeta[path];
}
