import { describe, expect, it } from 'vitest';
import { accessLevels, can, refusalMessage, type AccessLevel, type Actor } from './permissions.ts';

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
  officer: { ...customer, officerAccess: true },
  superAdmin: { ...customer, role: 'super_admin' },
};

/** Who passes each level, written out in full so that a change to `can` shows here. */
const expected: Record<AccessLevel, string[]> = {
  anyone: Object.keys(actors),
  signedIn: [
    'unverified',
    'customer',
    'customerOfPendingOrganization',
    'pendingMember',
    'orgAdmin',
    'officer',
    'superAdmin',
  ],
  member: [
    'unverified',
    'customer',
    'customerOfPendingOrganization',
    'orgAdmin',
    'officer',
    'superAdmin',
  ],
  orderer: ['customer', 'orgAdmin', 'officer', 'superAdmin'],
  orgAdmin: ['orgAdmin', 'superAdmin'],
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
  });
});
