/** Frequently asked questions, grouped; /faq searches questions and answers. */
export interface FaqEntry {
  id: string;
  group: 'Clusters' | 'Prices and billing' | 'Data and compliance' | 'Support and account';
  question: string;
  answer: string;
}

export const faqGroups: FaqEntry['group'][] = [
  'Clusters',
  'Prices and billing',
  'Data and compliance',
  'Support and account',
];

export const faq: FaqEntry[] = [
  {
    id: 'which-tier',
    group: 'Clusters',
    question: 'Which tier should I choose?',
    answer:
      'Standard (Blue) suits most production workloads. Choose Enterprise (Red) for a highly available control plane, 24/7 critical support or health data; Economy (Green) for cost-sensitive workloads that tolerate a short pause; Data Analytics for memory-heavy engines; AI/ML (Violet) for GPUs; Dev/Test (Orange) for CI and staging; Sandbox (Gray) to learn.',
  },
  {
    id: 'k8s-versions',
    group: 'Clusters',
    question: 'Which Kubernetes versions do you support?',
    answer:
      'The three most recent upstream minor versions. Patch releases are applied to the control plane automatically; you choose when to move to a new minor version, and we give at least 90 days’ notice before a version leaves support.',
  },
  {
    id: 'provision-time',
    group: 'Clusters',
    question: 'How long does it take to get a cluster?',
    answer:
      'A typical three-node Standard cluster is running five to eight minutes after payment. The provisioning page shows each step live.',
  },
  {
    id: 'upstream',
    group: 'Clusters',
    question: 'Is it standard Kubernetes? Can I leave?',
    answer:
      'Yes. Clusters run certified upstream Kubernetes with standard APIs, so your manifests, Helm charts and tools work unchanged, here or elsewhere. Backups made with the Backup add-on are plain Velero backups you can restore on any cluster.',
  },
  {
    id: 'scale',
    group: 'Clusters',
    question: 'Can I change the size of a cluster later?',
    answer:
      'Yes. Add or remove node pools, change node counts or turn on autoscaling at any time, within your tier’s limits. Billing follows the nodes that actually ran, by the hour.',
  },
  {
    id: 'yearly-discount',
    group: 'Prices and billing',
    question: 'How much do I save with yearly billing?',
    answer:
      'Each tier shows its saving as a percentage: round((12 × monthly − yearly) ÷ (12 × monthly) × 100). The yearly price is paid up front for twelve months.',
  },
  {
    id: 'currencies',
    group: 'Prices and billing',
    question: 'Can I pay in euros or pounds?',
    answer:
      'Prices are set in US dollars and can be displayed in euros or pounds at the day’s rate, rounded down. Your invoices are issued in your organization’s billing currency, chosen when the organization is approved.',
  },
  {
    id: 'promo',
    group: 'Prices and billing',
    question: 'How does the 5% welcome discount work?',
    answer:
      'New organizations get 5% off their first paid order, of any kind (a cluster, an add-on, a marketplace product or a support plan), with the code in the banner at the top of the site. It applies once per organization; the banner goes once your organization has paid an order.',
  },
  {
    id: 'hidden-costs',
    group: 'Prices and billing',
    question: 'Are there hidden costs?',
    answer:
      'No. You pay the control plane, the nodes, installed add-ons, storage in GB-hours and traffic leaving the region. Traffic between nodes of the same cluster is free. Everything is itemised on the monthly invoice.',
  },
  {
    id: 'where-data',
    group: 'Data and compliance',
    question: 'Where is my data stored?',
    answer:
      'In the region you choose when you create the cluster. On our sovereign cloud every region is in the EU and operated by an EU company. Backups made by the Backup add-on stay in the same region.',
  },
  {
    id: 'cloud-act',
    group: 'Data and compliance',
    question: 'Can a non-EU government access my data?',
    answer:
      'Alpenkube has no parent company outside the EU, so laws such as the US CLOUD Act cannot compel us to hand over data. We would only answer an order from an EU court, and we would tell you unless the order forbids it.',
  },
  {
    id: 'hds',
    group: 'Data and compliance',
    question: 'Can I host health data?',
    answer:
      'Yes, on Enterprise (Red) clusters in our French regions, which are HDS certified. Tell us before going to production so the HDS clauses are added to your contract.',
  },
  {
    id: 'dpa',
    group: 'Data and compliance',
    question: 'Do you sign a data processing agreement?',
    answer:
      'Yes. The GDPR article 28 DPA is part of our terms for every customer, and sales can send it with the sub-processor list before you sign up.',
  },
  {
    id: 'audit',
    group: 'Data and compliance',
    question: 'How do we prove compliance to an auditor?',
    answer:
      'Users with officer access see the Officers Panel: the append-only audit log of the platform, data-subject request tools (access and erasure) and a data-residency report of every cluster by jurisdiction.',
  },
  {
    id: 'support-hours',
    group: 'Support and account',
    question: 'When is support available?',
    answer:
      'Tickets are answered on business days for normal and low severity. High-severity tickets are answered within four business hours, and critical incidents on Enterprise clusters within one hour, day and night.',
  },
  {
    id: 'no-account-ticket',
    group: 'Support and account',
    question: 'Can I contact support without an account?',
    answer:
      'Yes. Submit a ticket with your e-mail address and you receive a tracking code to follow it and reply on the Track a ticket page.',
  },
  {
    id: 'approval',
    group: 'Support and account',
    question: 'Why must my organization be approved?',
    answer:
      'We check each new organization before it can order, to prevent fraud and abuse of the platform. Approval usually takes less than one business day; in the meantime you can browse, estimate and open tickets.',
  },
  {
    id: 'delete-account',
    group: 'Support and account',
    question: 'How do I close my account and delete my data?',
    answer:
      'Delete your clusters, then ask support to close the organization. Personal data is erased within 30 days; invoices are kept for ten years as EU accounting law requires, with your personal data removed where the law allows.',
  },
];
