import ipaddr from 'ipaddr.js';

/**
 * The control-plane firewall: which client addresses may reach a cluster's Kubernetes API.
 * CIDR parsing and matching are ipaddr.js's (the library Fastify's proxy-addr uses).
 */

/** The most CIDRs one cluster's allowlist holds. */
export const MAX_ALLOWLIST_ENTRIES = 50;

/**
 * Checks and normalises an allowlist: each entry an IPv4 or IPv6 CIDR (a bare address counts
 * as /32 or /128), the network address written canonically, duplicates dropped, sorted by address (IPv4 first).
 * Throws an Error whose message names the first bad entry.
 */
export function normaliseAllowlist(entries: readonly string[]): string[] {
  if (entries.length > MAX_ALLOWLIST_ENTRIES) {
    throw new Error(`at most ${MAX_ALLOWLIST_ENTRIES} CIDRs are allowed`);
  }
  const out = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim();
    const withPrefix = entry.includes('/') ? entry : `${entry}/${entry.includes(':') ? 128 : 32}`;
    if (!ipaddr.isValidCIDR(withPrefix)) throw new Error(`"${raw}" is not an IPv4 or IPv6 CIDR`);
    const [address, prefix] = ipaddr.parseCIDR(withPrefix);
    const network =
      address.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(withPrefix)
        : ipaddr.IPv6.networkAddressFromCIDR(withPrefix);
    out.add(`${network.toString()}/${prefix}`);
  }
  return [...out].sort(byAddress);
}

/** IPv4 before IPv6, each by its address's bytes, then the wider network first. */
function byAddress(a: string, b: string): number {
  const [addressA, prefixA] = ipaddr.parseCIDR(a);
  const [addressB, prefixB] = ipaddr.parseCIDR(b);
  const bytesA = addressA.toByteArray();
  const bytesB = addressB.toByteArray();
  if (bytesA.length !== bytesB.length) return bytesA.length - bytesB.length;
  for (let i = 0; i < bytesA.length; i++) {
    if (bytesA[i] !== bytesB[i]) return bytesA[i]! - bytesB[i]!;
  }
  return prefixA - prefixB;
}

/**
 * Whether `remote` (a socket's address) may pass `allowlist`. An empty list allows all; an
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1, as a dual-stack socket reports) is matched as
 * the IPv4 address it carries. An address that does not parse is refused.
 */
export function allowedBy(allowlist: readonly string[] | undefined, remote: string | undefined) {
  if (!allowlist || allowlist.length === 0) return true;
  if (!remote || !ipaddr.isValid(remote)) return false;
  const address = ipaddr.process(remote);
  return allowlist.some((cidr) => {
    if (!ipaddr.isValidCIDR(cidr)) return false;
    const range = ipaddr.parseCIDR(cidr);
    return range[0].kind() === address.kind() && address.match(range);
  });
}
