import {
  caseStudySummaries,
  type CaseStudyId,
  type CaseStudySummary,
} from './case-study-summaries';

/**
 * Customer stories. Customers in regulated sectors rarely allow their name on a vendor's
 * site, so the stories describe the organization instead of naming it. The sector, title,
 * summary and first result of each are in case-study-summaries.ts, which the home page loads.
 */
export interface CaseStudy extends Omit<CaseStudySummary, 'headline'> {
  customer: string;
  tier: string;
  challenge: string;
  solution: string[];
  results: { value: string; label: string }[];
  quote: { text: string; author: string };
}

type CaseStudyDetails = Omit<CaseStudy, keyof CaseStudySummary | 'results'> & {
  /** The results after the summary's headline. */
  moreResults: CaseStudy['results'];
};

const details: Record<CaseStudyId, CaseStudyDetails> = {
  'hospital-group': {
    customer: 'A regional hospital group in France, 9 hospitals',
    tier: 'Enterprise (Red)',
    challenge:
      'The group’s patient portal and imaging viewer ran on ageing virtual machines in a single server room. A new regional data-sharing programme required HDS-certified hosting and an auditable recovery plan within nine months.',
    solution: [
      'Three Enterprise clusters in two French regions: production, disaster recovery and pre-production.',
      'The Backup add-on with nightly volume snapshots replicated to the second region, restored every quarter.',
      'The Policy add-on enforcing the restricted Pod Security Standard and signed images only.',
      'Officer access for the group’s data-protection officer, who exports audit logs for the HDS auditor.',
    ],
    moreResults: [
      { value: '4 h → 25 min', label: 'measured recovery time in the restore drill' },
      { value: '0', label: 'non-conformities at the HDS audit' },
    ],
    quote: {
      text: 'The auditor asked where the data was, who touched it and how we would recover it. For the first time we answered all three from one console.',
      author: 'Head of infrastructure',
    },
  },
  'payments-fintech': {
    customer: 'A payments start-up licensed in Germany, 80 employees',
    tier: 'Standard (Blue)',
    challenge:
      'The company’s regulator asked for an exit strategy from its US-owned cloud and proof that no non-EU authority could compel access to transaction data. Traffic varies ninefold between a quiet night and a sales event.',
    solution: [
      'Two Standard clusters in different EU regions behind a global load balancer.',
      'Node-pool autoscaling from 6 to 40 nodes and the Horizontal Pod Autoscaler on every API.',
      'GitOps add-on (Argo CD) deploying the same manifests to both clusters.',
      'Data-residency report attached to the regulator’s outsourcing register.',
    ],
    moreResults: [
      { value: '−31%', label: 'infrastructure cost versus the previous cloud' },
      { value: '6 weeks', label: 'from first cluster to full migration' },
    ],
    quote: {
      text: 'Moving was mostly a change of kubeconfig. The hard part, proving sovereignty to our regulator, came with the platform.',
      author: 'CTO',
    },
  },
  'ai-startup': {
    customer: 'A legal-tech AI company in the Netherlands, 25 employees',
    tier: 'AI/ML (Violet)',
    challenge:
      'Law firms would only send documents to a provider that could guarantee EU processing. The team also paid for GPUs that sat idle between fine-tuning runs.',
    solution: [
      'An AI/ML cluster with one GPU pool for training that scales from 0 to 8 nodes and one small pool for inference.',
      'The GPU operator add-on, kept compatible across Kubernetes upgrades by Alpenkube.',
      'Namespaces per client with network policies and separate encryption keys.',
    ],
    moreResults: [
      { value: '14', label: 'law firms onboarded after the sovereignty review' },
      { value: '< 300 ms', label: 'median inference latency for EU users' },
    ],
    quote: {
      text: 'Our clients’ DPOs read the CISPE code and our DPA and signed. That never happened with a hyperscaler.',
      author: 'Co-founder and CEO',
    },
  },
  'public-agency': {
    customer: 'A national public agency in Austria',
    tier: 'Standard (Blue) and Dev/Test (Orange)',
    challenge:
      'Public procurement rules demanded EU-only hosting, a fixed yearly budget and an exit plan. Development teams waited weeks for test environments.',
    solution: [
      'Production on Standard clusters billed yearly, development on Dev/Test clusters created per project.',
      'Custom quote with payment by bank transfer and a contractual exit clause.',
      'Workload migration service for the first twenty applications.',
    ],
    moreResults: [
      { value: 'weeks → minutes', label: 'to get a test environment' },
      { value: '20', label: 'applications migrated by our team in one quarter' },
    ],
    quote: {
      text: 'Procurement wanted certainty, developers wanted speed. Yearly billing and disposable test clusters gave both.',
      author: 'Head of digital services',
    },
  },
};

export const caseStudies: CaseStudy[] = caseStudySummaries.map(({ headline, ...summary }) => {
  const { moreResults, ...rest } = details[summary.id];
  return { ...summary, ...rest, results: [headline, ...moreResults] };
});
