import ipaddr from 'ipaddr.js';
import {
  DEFAULT_VPC_PREFIX,
  RESERVED_RANGES,
  VPC_PREFIX_MAX,
  VPC_PREFIX_MIN,
} from '@alpenkube/contract';

/** The private IPv4 blocks (RFC 1918) a VPC's range must lie in. */
const PRIVATE_BLOCKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];

type Range = [ipaddr.IPv4, number];

const parse = (cidr: string): Range => ipaddr.IPv4.parseCIDR(cidr) as Range;
const toInt = (address: ipaddr.IPv4) =>
  address.octets.reduce((value, octet) => value * 256 + octet, 0);
/** The first and last address of a range, as integers. */
function bounds([address, prefix]: Range): [number, number] {
  const size = 2 ** (32 - prefix);
  const first = Math.floor(toInt(address) / size) * size;
  return [first, first + size - 1];
}
const overlaps = (a: string, b: string) => {
  const [aFirst, aLast] = bounds(parse(a));
  const [bFirst, bLast] = bounds(parse(b));
  return aFirst <= bLast && bFirst <= aLast;
};

/**
 * Checks a range asked for and answers it written from its network address ("10.7.3.0/20" is
 * 10.7.0.0/20), or the reason it cannot be: outside the private blocks, too large or small, on
 * the clusters' own pod and service networks, or on another VPC taken: of the same region, or
 * of the provider's whole account where every organization's networks are in one (DigitalOcean).
 */
export function checkVpcRange(
  asked: string,
  taken: readonly string[],
  /** Whose the taken ranges are, in the refusal's words. */
  takenBy = 'another VPC of this region',
): { range: string } | { refusal: string } {
  if (!ipaddr.IPv4.isValidCIDR(asked)) return { refusal: `"${asked}" is not an IPv4 CIDR` };
  const [, prefix] = parse(asked);
  if (prefix < VPC_PREFIX_MIN || prefix > VPC_PREFIX_MAX) {
    return {
      refusal: `A VPC's range is between a /${VPC_PREFIX_MIN} and a /${VPC_PREFIX_MAX}, not a /${prefix}`,
    };
  }
  const range = `${ipaddr.IPv4.networkAddressFromCIDR(asked).toString()}/${prefix}`;
  const [first, last] = bounds(parse(range));
  const inPrivateBlock = PRIVATE_BLOCKS.some((block) => {
    const [blockFirst, blockLast] = bounds(parse(block));
    return blockFirst <= first && last <= blockLast;
  });
  if (!inPrivateBlock) {
    return {
      refusal: `${range} is not a private range (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16)`,
    };
  }
  const reserved = RESERVED_RANGES.find((one) => overlaps(range, one));
  if (reserved) {
    return { refusal: `${range} overlaps ${reserved}, which the clusters' pods and services use` };
  }
  const clash = taken.find((one) => overlaps(range, one));
  if (clash) return { refusal: `${range} overlaps ${clash}, ${takenBy}` };
  return { range };
}

/** The first free default-sized range in 10.0.0.0/8 from 10.110.0.0 on (where DigitalOcean starts). */
export function firstFreeRange(taken: readonly string[]): string | null {
  const step = 2 ** (32 - DEFAULT_VPC_PREFIX);
  const start = toInt(ipaddr.IPv4.parse('10.110.0.0'));
  const end = toInt(ipaddr.IPv4.parse('10.255.255.255'));
  for (let first = start; first + step - 1 <= end; first += step) {
    const octets = [first >>> 24, (first >>> 16) & 255, (first >>> 8) & 255, first & 255];
    const candidate = `${octets.join('.')}/${DEFAULT_VPC_PREFIX}`;
    if ('range' in checkVpcRange(candidate, taken)) return candidate;
  }
  return null;
}
