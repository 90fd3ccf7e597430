/**
 * The signed-in pages a later issue fills in. Until then each shows its real title and what it
 * will do (from PRODUCT.md), never made-up data. docs/pages.md lists them with their status.
 */
export type PlaceholderEntry = { title: string; purpose: string; planned: string[] };

export const placeholderCatalog = {
  productOrders: {
    title: 'Product orders',
    purpose: 'Marketplace products ordered by your organization.',
    planned: ['Plan, price and provisioning state'],
  },
  productOrder: {
    title: 'Product order',
    purpose: 'One marketplace product order and its timeline.',
    planned: ['Order lines and totals', 'Provisioning timeline'],
  },
  supportOrders: {
    title: 'Support orders',
    purpose: 'Support plans ordered by your organization.',
    planned: ['Plan, period and status'],
  },
  supportOrder: {
    title: 'Support order',
    purpose: 'One support-plan order and its timeline.',
    planned: ['Order lines and totals', 'Timeline'],
  },
  marketplace: {
    title: 'Marketplace',
    purpose: 'Managed software to run beside your clusters.',
    planned: ['Databases, message brokers, security and AI tooling', 'Plans and ordering'],
  },
  customSolutions: {
    title: 'Custom solutions',
    purpose: 'Ask our engineers for an architecture that the catalog does not cover.',
    planned: ['Custom-solution request form', 'Follow-up of your requests'],
  },
  officersPanel: {
    title: 'Officers Panel',
    purpose: 'Compliance evidence for GDPR, HDS, CISPE and data sovereignty.',
    planned: [
      'Append-only audit log',
      'Data-subject requests (export, erasure)',
      'Data-residency report',
    ],
  },
  userManagement: {
    title: 'User Management',
    purpose: 'The people of your organization and their roles.',
    planned: ['Invite, change roles, remove', 'Pending registrations and promotion requests'],
  },
  pendingRegistrations: {
    title: 'Pending registrations',
    purpose: 'People who registered into your organization and wait for approval.',
    planned: ['Approve or reject each registration'],
  },
  promotionRequests: {
    title: 'Promotion requests',
    purpose: 'Requests from members to become organization admins.',
    planned: ['Answer each request'],
  },
  organizationUsers: {
    title: 'Organization users',
    purpose: 'Every member of the organization with role and status.',
    planned: ['Role changes', 'Removal'],
  },
} satisfies Record<string, PlaceholderEntry>;

export type PlaceholderKey = keyof typeof placeholderCatalog;
