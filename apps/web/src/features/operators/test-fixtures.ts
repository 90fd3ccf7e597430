import type {
  OperatorOrganization,
  OperatorOrganizationDetail,
  OperatorUser,
} from '@alpenkube/contract';

export const pendingOrganization: OperatorOrganization = {
  id: 5,
  name: 'Bergblick Analytics GmbH',
  billingId: 'BID-BERG42',
  status: 'pending_approval',
  createdAt: new Date(Date.now() - 4 * 86_400_000 - 3_600_000).toISOString(),
  approvedAt: null,
  suspendedReason: null,
  memberCount: 1,
  activeAdminCount: 1,
  creditBalance: 0,
  supportPlan: 'basic',
  clusterCount: 0,
  openOrderCount: 0,
};

export const activeOrganization: OperatorOrganization = {
  ...pendingOrganization,
  id: 6,
  name: 'Alpenkube Demo GmbH',
  billingId: 'BID-DEMO77',
  status: 'active',
  approvedAt: '2026-01-10T10:00:00.000Z',
  memberCount: 4,
  activeAdminCount: 2,
  creditBalance: 12_550,
  clusterCount: 3,
  openOrderCount: 1,
};

export function detailOf(
  organization: OperatorOrganization,
  overrides: Partial<OperatorOrganizationDetail> = {},
): OperatorOrganizationDetail {
  return {
    ...organization,
    admins: [{ id: 9, username: 'bergblick', name: 'Bruno Berg', email: 'bruno@bergblick.ch' }],
    invoices: [
      {
        id: 31,
        number: 'INV-2026-000031',
        status: 'open',
        issuedAt: '2026-10-01T00:00:00.000Z',
        total: 48_000,
        collected: 0,
        cardRefundable: 0,
        creditNote: null,
      },
      {
        id: 30,
        number: 'INV-2026-000030',
        status: 'void',
        issuedAt: '2026-09-01T00:00:00.000Z',
        total: 1_000,
        collected: 0,
        cardRefundable: 0,
        creditNote: null,
      },
    ],
    ...overrides,
  };
}

export const people: OperatorUser[] = [
  {
    id: 9,
    username: 'bergblick',
    name: 'Bruno Berg',
    email: 'bruno@bergblick.ch',
    role: 'admin',
    status: 'active',
    officerAccess: false,
  },
];

export const operatorUser = {
  id: 1,
  username: 'superadmin',
  email: 'superadmin@demo.alpenkube.eu',
  name: 'Sofia Super',
  companyName: 'Alpenkube Demo GmbH',
  companyId: 'BID-DEMO77',
  role: 'super_admin' as const,
  emailVerified: true,
  mfaEnabled: false,
  mfaSetupRequired: false,
  status: 'active' as const,
  organizationStatus: 'active' as const,
};
