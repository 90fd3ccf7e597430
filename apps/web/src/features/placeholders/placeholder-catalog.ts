/**
 * The signed-in pages a later issue fills in. Until then each shows its real title and what it
 * will do (from PRODUCT.md), never made-up data. docs/pages.md lists them with their status.
 */
export type PlaceholderEntry = { title: string; purpose: string; planned: string[] };

export const placeholderCatalog = {
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
