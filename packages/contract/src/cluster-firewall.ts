import { z } from 'zod';

/** The most CIDRs a cluster's control-plane allowlist holds. */
export const MAX_API_ALLOWLIST = 50;

/** One entry: an IPv4 or IPv6 CIDR, or a bare address (one host: /32 or /128). */
export const allowlistEntrySchema = z
  .string()
  .trim()
  .pipe(
    z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], {
      error: (issue) => `"${String(issue.input)}" is not an IPv4 or IPv6 CIDR`,
    }),
  );

/**
 * `PUT /api/clusters/:id/api-allowlist`: the control-plane firewall, whole. The addresses
 * allowed to reach the cluster's Kubernetes API; an empty list is open to all (as on DOKS).
 */
export const updateApiAllowlistSchema = z.strictObject({
  cidrs: z.array(allowlistEntrySchema).max(MAX_API_ALLOWLIST, `At most ${MAX_API_ALLOWLIST} CIDRs`),
});
export type UpdateApiAllowlist = z.input<typeof updateApiAllowlistSchema>;
