import { describe, expect, it } from 'vitest';
import type { User } from '@alpenkube/contract';
import { identityOf } from './user-identity';

const base: User = {
  id: 1,
  username: 'demo',
  email: 'demo@example.com',
  name: null,
  companyName: null,
  companyId: null,
  role: 'user',
  emailVerified: true,
  mfaEnabled: false,
  mfaSetupRequired: false,
  status: 'active',
  organizationStatus: 'active',
};

describe('account menu identity', () => {
  it("defaults the company to 'Organization' and the Billing ID to N/A", () => {
    expect(identityOf(base)).toMatchObject({ company: 'Organization', billingId: 'N/A' });
  });
  it('shows the real company and Billing ID', () => {
    expect(identityOf({ ...base, companyName: 'Acme', companyId: 'BID-1' })).toMatchObject({
      company: 'Acme',
      billingId: 'BID-1',
    });
  });
  it('uses the first letter of the username, then the e-mail, then U', () => {
    expect(identityOf(base).initial).toBe('D');
    expect(identityOf({ ...base, username: '' }).initial).toBe('D');
    expect(identityOf({ ...base, username: '', email: '' }).initial).toBe('U');
  });
});
