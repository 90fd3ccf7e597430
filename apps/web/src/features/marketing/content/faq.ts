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
      'Standard (Blue) suits most production workloads. Choose Enterprise (Red) for a control plane replicated across three zones; Economy (Green) for cost-sensitive workloads that tolerate a short pause; Data Analytics for memory-heavy engines; AI/ML (Violet) for GPUs; Dev/Test (Orange) for CI and staging; Sandbox (Gray) to learn.',
  },
  {
    id: 'k8s-versions',
    group: 'Clusters',
    question: 'Which Kubernetes versions do you support?',
    answer:
      'The minor versions the estimator and the order form list, each with its latest patch and the date its support ends. Patch releases are applied for you in the weekly maintenance window of each cluster (you can turn that off), and before the end of support of a minor version the cluster is upgraded to the next one in its window, after notices 30, 7 and 1 days before. You can also upgrade one minor version at a time yourself, from its page or through the API.',
  },
  {
    id: 'provision-time',
    group: 'Clusters',
    question: 'How long does it take to get a cluster?',
    answer:
      'It depends on the provider, the number of nodes and the add-ons. The provisioning page shows each step live as it happens, with the nodes as they join, and a link to the cluster once it runs.',
  },
  {
    id: 'upstream',
    group: 'Clusters',
    question: 'Is it standard Kubernetes? Can I leave?',
    answer:
      'Each cluster runs an upstream Kubernetes minor version and you reach it with the kubeconfig from its page, so kubectl and your tools work as they do elsewhere. The providers of this release are simulated: their Kubernetes API answers kubectl’s reading of nodes, namespaces and pods, and runs no workloads. Backups made with the Backup add-on are plain Velero backups you can restore on any cluster.',
  },
  {
    id: 'scale',
    group: 'Clusters',
    question: 'Can I change the size of a cluster later?',
    answer:
      'Yes. Add or remove node pools and change their node counts at any time, within your tier’s limits. Your period is prepaid for the configuration you ordered; nodes added during it are billed by the hour they run, and what you remove gives back the unused part of the period as credit.',
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
      'Prices are set and charged in US dollars. The site can show them in euros or pounds at the day’s rate, rounded down, for information; invoices are issued in US dollars.',
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
      'In the region you choose when you create the cluster. The platform’s own regions are in the EU and Switzerland; the other providers’ regions (Google, Amazon, Microsoft, DigitalOcean and more) are run by those providers, some of them outside the EU. Backups made by the Backup add-on go to the storage you configure for it.',
  },
  {
    id: 'cloud-act',
    group: 'Data and compliance',
    question: 'Can a non-EU government access my data?',
    answer:
      'A cluster in another provider’s region runs on that provider’s infrastructure, under the laws that apply to that provider, which may include non-EU ones such as the US CLOUD Act. A new organization’s residency policy allows EU regions only, and the server refuses anything else until its admins allow other jurisdictions; your officers see every organization’s policy and where every cluster runs in the residency report.',
  },
  {
    id: 'hds',
    group: 'Data and compliance',
    question: 'Can I host health data?',
    answer:
      'HDS, the French certification for health data, certifies a hosting provider, and Alpenkube is not certified. What the platform gives an HDS audit is the audit trail of every sign-in, order and change, and the region of every cluster. Talk to sales before you plan health data on it.',
  },
  {
    id: 'dpa',
    group: 'Data and compliance',
    question: 'Do you sign a data processing agreement?',
    answer:
      'Yes. The GDPR article 28 data processing terms are section 6 of our terms for every customer; sales can send them with the list of sub-processors before you sign up.',
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
      'Every ticket gets the response target of your organization’s support plan, shown on the ticket when you open it. Basic answers normal tickets within a day and low ones within two; Business and Enterprise also take high and urgent tickets, Enterprise urgent ones within 15 minutes, day and night. The plans and their targets are on the Billing page.',
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
