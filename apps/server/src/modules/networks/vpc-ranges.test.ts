import { describe, expect, it } from 'vitest';
import { checkVpcRange, firstFreeRange } from './vpc-ranges.ts';

describe('VPC ranges', () => {
  it('writes a range from its network address and keeps it private, sized and apart', () => {
    expect(checkVpcRange('10.7.3.0/20', [])).toEqual({ range: '10.7.0.0/20' });
    expect(checkVpcRange('192.168.10.0/24', [])).toEqual({ range: '192.168.10.0/24' });
    expect(checkVpcRange('8.8.0.0/16', [])).toMatchObject({ refusal: /not a private range/ });
    expect(checkVpcRange('172.15.0.0/16', [])).toMatchObject({ refusal: /not a private range/ });
    expect(checkVpcRange('10.0.0.0/8', [])).toMatchObject({ refusal: /not a \/8/ });
    expect(checkVpcRange('10.1.0.0/28', [])).toMatchObject({ refusal: /not a \/28/ });
    expect(checkVpcRange('10.244.16.0/20', [])).toMatchObject({ refusal: /10\.244\.0\.0\/16/ });
    expect(checkVpcRange('10.110.8.0/24', ['10.110.0.0/20'])).toMatchObject({
      refusal: /overlaps 10\.110\.0\.0\/20/,
    });
    expect(checkVpcRange('10.110.16.0/20', ['10.110.0.0/20'])).toEqual({ range: '10.110.16.0/20' });
    expect(checkVpcRange('not-a-cidr', [])).toMatchObject({ refusal: /not an IPv4 CIDR/ });
    // Whose the taken range is, in the refusal's words (a provider's whole account).
    expect(checkVpcRange('10.110.8.0/24', ['10.110.0.0/20'], 'a network of the account')).toEqual({
      refusal: '10.110.8.0/24 overlaps 10.110.0.0/20, a network of the account',
    });
  });

  it('finds the first free /20 from 10.110.0.0, past the taken ones', () => {
    expect(firstFreeRange([])).toBe('10.110.0.0/20');
    expect(firstFreeRange(['10.110.0.0/20', '10.110.16.0/24'])).toBe('10.110.32.0/20');
    expect(firstFreeRange(['10.110.0.0/16'])).toBe('10.111.0.0/20');
  });
});
