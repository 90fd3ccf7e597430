import type { LegalDocument } from './legal-types';

export const termsOfService: LegalDocument = {
  updated: '1 March 2025',
  intro:
    'These terms govern the use of the Alpenkube platform and services by organizations and their users. By creating an account or placing an order, the organization accepts them. Where an order form or a signed contract says otherwise, that document prevails.',
  sections: [
    {
      id: 'accounts',
      title: '1. Accounts and organizations',
      paragraphs: [
        'Each user belongs to one organization, identified by its Billing ID. The organization is responsible for its users, their roles and everything done with their credentials. New organizations are reviewed before they can order; we may refuse or suspend an organization that provides false information or abuses the service.',
      ],
    },
    {
      id: 'services',
      title: '2. Services',
      paragraphs: [
        'We provide managed Kubernetes clusters in the tiers described on the pricing page, add-ons and marketplace products. We operate the control plane and the node infrastructure; the organization is responsible for its workloads, their configuration and their data, including backups unless it uses the Backup add-on.',
      ],
    },
    {
      id: 'orders',
      title: '3. Orders, prices and payment',
      paragraphs: [
        'Prices are set in US dollars and invoiced in the organization’s billing currency. Monthly plans are billed monthly; yearly plans are paid up front for twelve months. Usage-based charges (node-hours, add-on-hours, storage and egress) are billed monthly in arrears. Invoices are payable on receipt by the default payment method. The welcome discount applies once per organization, to its first paid order.',
        'We may change prices with 60 days’ notice; yearly plans keep their price until renewal.',
      ],
    },
    {
      id: 'sla',
      title: '4. Service levels',
      paragraphs: [
        'Each tier states an availability target for its Kubernetes API. The target is not yet measured per cluster and gives no right to service credits. Dev/Test clusters are best effort and Sandbox clusters carry no target.',
      ],
    },
    {
      id: 'acceptable-use',
      title: '5. Acceptable use',
      paragraphs: ['The organization must not use the services to:'],
      list: [
        'break the law or infringe the rights of others;',
        'send spam, host malware or attack other systems, including by cryptocurrency mining without our written agreement;',
        'probe or circumvent the isolation between customers.',
      ],
    },
    {
      id: 'data-processing',
      title: '6. Data processing agreement',
      paragraphs: [
        'For personal data in its clusters the organization is controller and Alpenkube is processor. We process it only on the organization’s documented instructions, in the region it chose, through the sub-processors listed on request (for a cluster in another provider’s region, that provider), with 30 days’ notice of changes. We assist with data-subject requests and security, notify personal-data breaches within 48 hours of discovery, and at the end of the contract return or delete the data as instructed. The organization may audit our compliance once a year.',
      ],
    },
    {
      id: 'sovereignty',
      title: '7. Data location and foreign access',
      paragraphs: [
        'Data is stored in the region the organization selects. We will not move it to another region without instruction. We disclose customer data to authorities only on a binding order of an EU or member-state court, and we inform the organization unless the law forbids it.',
      ],
    },
    {
      id: 'termination',
      title: '8. Suspension and termination',
      paragraphs: [
        'The organization may delete its clusters and close its account at any time; yearly plans are not refunded pro rata. We may suspend a service after 14 days of unpaid invoices, with prior notice, or immediately to stop an attack or an illegal use. After closure, data in clusters is deleted within 30 days.',
      ],
    },
    {
      id: 'liability',
      title: '9. Liability',
      paragraphs: [
        'Each party’s total liability under these terms is limited to the amounts paid by the organization in the twelve months before the event, except for gross negligence, wilful misconduct and breaches of data-protection obligations, where the law does not allow a limit. Neither party is liable for indirect loss such as lost profit.',
      ],
    },
    {
      id: 'law',
      title: '10. Governing law',
      paragraphs: [
        'These terms are governed by French law. The courts of Grenoble, France, have jurisdiction, subject to mandatory consumer rules.',
      ],
    },
  ],
};
