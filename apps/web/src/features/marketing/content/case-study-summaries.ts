/**
 * What the home page's teasers show of each worked example: a module of its own so the home
 * page does not load the stories themselves (case-studies.ts, which builds on this list).
 */
export type CaseStudyId = 'hospital-group' | 'payments-fintech' | 'ai-startup' | 'public-agency';

export interface CaseStudySummary {
  id: CaseStudyId;
  sector: string;
  title: string;
  summary: string;
  /** The story's first result, the one a teaser shows. */
  headline: { value: string; label: string };
}

export const caseStudySummaries: CaseStudySummary[] = [
  {
    id: 'hospital-group',
    sector: 'Healthcare',
    title: 'Patient-facing services on Enterprise clusters, with a recovery cluster',
    summary:
      'Production, disaster recovery and pre-production as three Enterprise clusters in two EU regions, with the audit trail a hosting audit asks for.',
    headline: { value: '3 zones', label: 'for each Enterprise control plane and its etcd' },
  },
  {
    id: 'payments-fintech',
    sector: 'Financial services',
    title: 'A payment platform in two EU regions, deployed by GitOps',
    summary:
      'Two Standard clusters in different EU regions, resized for a sales peak through the API, with the same manifests deployed to both.',
    headline: { value: '2 regions', label: 'each running the whole platform' },
  },
  {
    id: 'ai-startup',
    sector: 'Artificial intelligence',
    title: 'Training and serving language models on EU GPUs',
    summary:
      'A GPU pool added for each fine-tuning run and removed after it, and a small pool serving the models, in an EU region.',
    headline: { value: '1 API call', label: 'to add the training pool, one more to remove it' },
  },
  {
    id: 'public-agency',
    sector: 'Public sector',
    title: 'Citizen services with a yearly budget and test clusters on demand',
    summary:
      'Production on Standard clusters billed yearly, development on Dev/Test clusters that each team creates and deletes itself.',
    headline: { value: 'Yearly', label: 'billing for production, paid up front: a known budget' },
  },
];
