import {
  caseStudySummaries,
  type CaseStudyId,
  type CaseStudySummary,
} from './case-study-summaries';

/**
 * Worked examples: how an organization of each kind could run on the platform, built only from
 * what it does today. They are not reports of customers, so they carry no outcome figures and no
 * quotes: each figure is the design's own. The sector, title, summary and first figure of each
 * are in case-study-summaries.ts, which the home page loads.
 */
export interface CaseStudy extends Omit<CaseStudySummary, 'headline'> {
  customer: string;
  tier: string;
  challenge: string;
  solution: string[];
  results: { value: string; label: string }[];
}

type CaseStudyDetails = Omit<CaseStudy, keyof CaseStudySummary | 'results'> & {
  /** The figures after the summary's headline. */
  moreResults: CaseStudy['results'];
};

const details: Record<CaseStudyId, CaseStudyDetails> = {
  'hospital-group': {
    customer: 'A regional hospital group with a patient portal and an imaging viewer',
    tier: 'Enterprise (Red)',
    challenge:
      'The portal and the viewer run on ageing virtual machines in one server room. A regional data-sharing programme asks for certified hosting (in France, HDS certifies the hosting provider), an audit trail of who changed what, and a recovery plan that has been tested.',
    solution: [
      'Three Enterprise clusters in two EU regions: production, disaster recovery and pre-production, each with a control plane across three zones.',
      'The Backup add-on (Velero) backing up the workloads and their volumes on a schedule to storage the group configures, restored into the recovery cluster in a drill.',
      'The Policy add-on (Kyverno) admitting only signed images and pods within resource limits.',
      'Officer access for the data-protection officer, who exports the audit log and the report of where each cluster runs for the auditors.',
    ],
    moreResults: [
      { value: '15 min', label: 'response target for urgent tickets under the Enterprise plan' },
      { value: '2 regions', label: 'production and its recovery cluster apart' },
    ],
  },
  'payments-fintech': {
    customer: 'A licensed payments company with about 80 employees',
    tier: 'Standard (Blue)',
    challenge:
      'The regulator asks for an exit strategy from a US-owned cloud and a register of where transaction data is processed. Traffic varies ninefold between a quiet night and a sales event.',
    solution: [
      'Two Standard clusters in different EU regions; the company’s own DNS sends customers to either.',
      'Node pools resized from 6 to 40 nodes before a sales event by a script calling the API with a scoped token, and back after it; the Horizontal Pod Autoscaler scales the pods within them.',
      'The GitOps add-on (Argo CD) deploying the same manifests to both clusters.',
      'The officers’ residency report, attached to the regulator’s outsourcing register.',
    ],
    moreResults: [
      { value: '6 → 40', label: 'nodes per cluster for a sales event, resized through the API' },
      { value: 'Monthly', label: 'invoices with each cluster, node-hour and add-on itemised' },
    ],
  },
  'ai-startup': {
    customer: 'A legal-tech company with about 25 employees',
    tier: 'AI/ML (Violet)',
    challenge:
      'Law firms only send documents to a provider that processes them in the EU. GPUs left idle between fine-tuning runs would cost more than the runs themselves.',
    solution: [
      'An AI/ML cluster in an EU region, with a small pool for the gateways and an L4 pool serving the models.',
      'An H100 pool added through the API when a fine-tuning run starts and removed when it ends.',
      'The GPU operator add-on, free on AI/ML clusters, installing the drivers and the device plugin on the GPU nodes.',
      'A namespace per client firm, with network policies between them.',
    ],
    moreResults: [
      { value: 'L4 and H100', label: 'the GPU node sizes of the AI/ML tier' },
      { value: '1 namespace', label: 'per client firm, isolated by network policies' },
    ],
  },
  'public-agency': {
    customer: 'A national public agency',
    tier: 'Standard (Blue) and Dev/Test (Orange)',
    challenge:
      'Procurement rules ask for EU hosting, a fixed yearly budget and an exit plan. Development teams wait weeks for a test environment.',
    solution: [
      'Production on Standard clusters billed yearly, paid up front.',
      'Dev/Test clusters created per project from the console or the API, and deleted with the project.',
      'A custom quote for the contract, asked for through the custom-quote form.',
      'The workload migration service, asked for through its form, for the first applications.',
    ],
    moreResults: [
      { value: 'Minutes', label: 'to provision a test cluster, instead of weeks' },
      { value: 'Per project', label: 'Dev/Test clusters, each deleted with its project' },
    ],
  },
};

export const caseStudies: CaseStudy[] = caseStudySummaries.map(({ headline, ...summary }) => {
  const { moreResults, ...rest } = details[summary.id];
  return { ...summary, ...rest, results: [headline, ...moreResults] };
});
