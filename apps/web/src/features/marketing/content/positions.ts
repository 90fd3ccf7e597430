/** Open positions on /careers. Applications go to POST /api/careers/apply. */
export interface Position {
  id: string;
  title: string;
  team: string;
  location: string;
  summary: string;
  youWill: string[];
  youHave: string[];
}

export const positions: Position[] = [
  {
    id: 'sre-kubernetes',
    title: 'Site Reliability Engineer, Kubernetes control planes',
    team: 'Platform',
    location: 'Grenoble or remote in the EU',
    summary: 'Keep thousands of customer control planes healthy, upgraded and fast.',
    youWill: [
      'Run and automate the fleet of managed control planes and etcd clusters',
      'Take part in a fair on-call rotation (one week in six, compensated)',
      'Write the post-mortems and the fixes that make incidents not happen twice',
    ],
    youHave: [
      'Three years or more operating Kubernetes in production',
      'Go or Python, and a taste for automation over runbooks',
      'Good knowledge of Linux networking and TLS',
    ],
  },
  {
    id: 'frontend-engineer',
    title: 'Front-end Engineer, console',
    team: 'Product',
    location: 'Grenoble, Munich or remote in the EU',
    summary: 'Build the console customers use to order, observe and pay for their clusters.',
    youWill: [
      'Design and build features in React and TypeScript, from the API contract to the pixel',
      'Make complex infrastructure understandable: topology, provisioning, usage',
      'Care for accessibility and performance as features, not afterthoughts',
    ],
    youHave: [
      'Solid React and TypeScript experience',
      'An eye for interfaces and the patience to test them',
      'Curiosity for Kubernetes (we will teach you the rest)',
    ],
  },
  {
    id: 'compliance-officer',
    title: 'Compliance and Data Protection Officer',
    team: 'Trust',
    location: 'Grenoble',
    summary: 'Own our GDPR, HDS and CISPE commitments and help customers prove theirs.',
    youWill: [
      'Lead the work towards the HDS certification and prepare its audits',
      'Answer customer security questionnaires and data-protection requests',
      'Work with engineering on the audit log, residency reports and erasure tooling',
    ],
    youHave: [
      'Experience with GDPR in a technical company, ideally a cloud or hosting provider',
      'Knowledge of ISO 27001 or HDS audits',
      'Fluent French and English',
    ],
  },
  {
    id: 'solutions-architect',
    title: 'Solutions Architect',
    team: 'Sales',
    location: 'Munich or Vienna',
    summary: 'Design dedicated and custom clusters with customers in the DACH region.',
    youWill: [
      'Lead technical discovery calls and workload assessments',
      'Design custom offers and migration plans, and price them with sales',
      'Turn what customers ask for into product feedback',
    ],
    youHave: [
      'Hands-on Kubernetes experience and customer-facing skills',
      'Fluent German and English',
      'Experience with public-sector or regulated customers is a plus',
    ],
  },
];
