import { describe, expect, it } from 'vitest';
import { allowedBy, MAX_ALLOWLIST_ENTRIES, normaliseAllowlist } from './kube-firewall.ts';

describe('control-plane firewall', () => {
  it('normalises CIDRs: bare addresses get a full prefix, networks are canonical, sorted, unique', () => {
    expect(
      normaliseAllowlist([' 10.1.2.3/8', '127.0.0.1', '2001:DB8:0:0::1/32', '::1', '10.0.0.0/8']),
    ).toEqual(['10.0.0.0/8', '127.0.0.1/32', '::1/128', '2001:db8::/32']);
    expect(normaliseAllowlist([])).toEqual([]);
    // By address, not as text: 9.9.9.9 before 10.x, every IPv4 before any IPv6.
    expect(
      normaliseAllowlist(['2001:db8::/32', '10.0.0.0/16', '9.9.9.9', '10.0.0.0/8', '::1']),
    ).toEqual(['9.9.9.9/32', '10.0.0.0/8', '10.0.0.0/16', '::1/128', '2001:db8::/32']);
  });

  it('refuses anything that is not a CIDR, naming it, and overlong lists', () => {
    for (const bad of ['10.0.0.0/33', '::/129', 'example.com', '300.1.1.1', '', '1.2.3.4/']) {
      expect(() => normaliseAllowlist(['127.0.0.1', bad]), bad).toThrow(`"${bad}"`);
    }
    const many = Array.from({ length: MAX_ALLOWLIST_ENTRIES + 1 }, (_, i) => `10.0.${i}.0/24`);
    expect(() => normaliseAllowlist(many)).toThrow('at most');
  });

  it('allows all on an empty list and only matching addresses otherwise', () => {
    expect(allowedBy([], '203.0.113.9')).toBe(true);
    expect(allowedBy(undefined, undefined)).toBe(true);
    const list = ['10.0.0.0/8', '2001:db8::/32'];
    expect(allowedBy(list, '10.200.1.1')).toBe(true);
    expect(allowedBy(list, '11.0.0.1')).toBe(false);
    expect(allowedBy(list, '2001:db8:ffff::1')).toBe(true);
    expect(allowedBy(list, '2001:db9::1')).toBe(false);
    // A dual-stack socket reports IPv4 clients as IPv4-mapped IPv6.
    expect(allowedBy(['127.0.0.1/32'], '::ffff:127.0.0.1')).toBe(true);
    expect(allowedBy(['127.0.0.1/32'], '::1')).toBe(false);
    expect(allowedBy(list, undefined)).toBe(false);
    expect(allowedBy(list, 'not-an-ip')).toBe(false);
  });
});
