import { describe, expect, it } from 'vitest';
import {
  accessLevels,
  can,
  refusalMessage,
  STAFF_MFA_REQUIRED,
  type AccessLevel,
  type Actor,
} from './permissions.ts';

const customer: Actor = {
  role: 'user',
  status: 'active',
  emailVerified: true,
  organizationStatus: 'active',
  officerAccess: false,
};
const actors: Record<string, Actor | null> = {
  anonymous: null,
  unverified: { ...customer, emailVerified: false },
  customer,
  customerOfPendingOrganization: { ...customer, organizationStatus: 'pending_approval' },
  pendingMember: { ...customer, status: 'pending_approval' },
  disabled: { ...customer, status: 'disabled' },
  orgAdmin: { ...customer, role: 'admin' },
  unverifiedAdmin: { ...customer, role: 'admin', emailVerified: false },
  adminOfPendingOrganization: {
    ...customer,
    role: 'admin',
    organizationStatus: 'pending_approval',
  },
  officer: { ...customer, officerAccess: true, mfaEnabled: true },
  superAdmin: { ...customer, role: 'super_admin', mfaEnabled: true },
  officerWithoutTwoFactor: { ...customer, officerAccess: true },
  superAdminWithoutTwoFactor: { ...customer, role: 'super_admin' },
};

const members = [
  'unverified',
  'customer',
  'customerOfPendingOrganization',
  'orgAdmin',
  'unverifiedAdmin',
  'adminOfPendingOrganization',
  'officer',
  'superAdmin',
  'officerWithoutTwoFactor',
  'superAdminWithoutTwoFactor',
];

/** Who passes each level, written out in full so that a change to `can` shows here. */
const expected: Record<AccessLevel, string[]> = {
  anyone: Object.keys(actors),
  signedIn: [
    'unverified',
    'customer',
    'customerOfPendingOrganization',
    'pendingMember',
    ...members.slice(3),
  ],
  member: members,
  orderer: [
    'customer',
    'orgAdmin',
    'officer',
    'superAdmin',
    'officerWithoutTwoFactor',
    'superAdminWithoutTwoFactor',
  ],
  orgAdmin: ['orgAdmin', 'unverifiedAdmin', 'adminOfPendingOrganization', 'superAdmin'],
  verifiedAdmin: ['orgAdmin', 'superAdmin'],
  officer: ['officer'],
  superAdmin: ['superAdmin'],
};

describe('can', () => {
  for (const level of accessLevels) {
    it(`${level}: ${expected[level].join(', ')}`, () => {
      const allowed = Object.entries(actors)
        .filter(([, actor]) => can(actor, level))
        .map(([name]) => name);
      expect(allowed).toEqual(expected[level]);
    });
  }
});

describe('refusalMessage', () => {
  it('tells a pending member, an unverified customer and a pending organization apart', () => {
    expect(refusalMessage(actors.pendingMember!, 'member')).toMatch(/waiting for an admin/);
    expect(refusalMessage(actors.unverified!, 'orderer')).toMatch(/Verify your e-mail/);
    expect(refusalMessage(actors.customerOfPendingOrganization!, 'orderer')).toMatch(
      /waiting for approval by our team/,
    );
    expect(refusalMessage(customer, 'superAdmin')).toBe('You do not have access to this');
    expect(refusalMessage(actors.adminOfPendingOrganization!, 'verifiedAdmin')).toMatch(
      /waiting for approval by our team/,
    );
  });

  it('asks platform staff for their own second factor, whatever their organization requires', () => {
    const strictOrganization = { mfaSetupRequired: true };
    const officer = { ...actors.officerWithoutTwoFactor!, ...strictOrganization };
    const superAdmin = { ...actors.superAdminWithoutTwoFactor!, ...strictOrganization };
    expect(refusalMessage(officer, 'officer')).toBe(STAFF_MFA_REQUIRED);
    expect(refusalMessage(superAdmin, 'superAdmin')).toBe(STAFF_MFA_REQUIRED);
    expect(refusalMessage(superAdmin, 'orgAdmin')).toBe(STAFF_MFA_REQUIRED);
    // Their organization's pages are their organization's rule.
    expect(refusalMessage(officer, 'member')).toMatch(/Your organization requires/);
    // With their own second factor, the organization's rule is met and the platform open.
    expect(can({ ...actors.officer!, mfaSetupRequired: false }, 'officer')).toBe(true);
  });
});
