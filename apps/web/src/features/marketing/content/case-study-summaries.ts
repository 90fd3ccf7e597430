/**
 * What the home page's teasers show of each customer story: a module of its own so the home
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
    title: 'Patient-record services moved to HDS-certified Kubernetes',
    summary:
      'Twelve legacy virtual machines became three Enterprise clusters in French regions, with a tested restore plan.',
    headline: { value: '99.98%', label: 'portal availability in the first year' },
  },
  {
    id: 'payments-fintech',
    sector: 'Financial services',
    title: 'A payment platform that scales for Black Friday and out of the CLOUD Act',
    summary:
      'Autoscaling Standard clusters absorbed a 9× traffic peak while keeping card data under EU jurisdiction.',
    headline: { value: '9×', label: 'peak traffic handled without manual action' },
  },
  {
    id: 'ai-startup',
    sector: 'Artificial intelligence',
    title: 'Training and serving language models on EU GPUs',
    summary:
      'GPU node pools that scale to zero cut idle GPU spend while keeping client documents in the EU.',
    headline: { value: '−58%', label: 'GPU spend after scale-to-zero' },
  },
  {
    id: 'public-agency',
    sector: 'Public sector',
    title: 'Citizen services on a sovereign platform with predictable yearly cost',
    summary:
      'A yearly Standard and Dev/Test contract replaced a patchwork of hosting, with budget certainty for three years.',
    headline: { value: '15%', label: 'saved with yearly billing' },
  },
];
