import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { dnsLabelSchema } from './cluster-config.ts';

/**
 * VPC networks: an organization's private networks, one region each. A cluster's nodes get
 * their addresses from its VPC's range; clusters in one VPC reach each other privately.
 */

/** What a VPC's range may be: a private IPv4 block between a /16 and a /24 (as on DigitalOcean). */
export const VPC_PREFIX_MIN = 16;
export const VPC_PREFIX_MAX = 24;
/** The default network a region gets when a cluster is ordered without choosing one. */
export const DEFAULT_VPC_PREFIX = 20;

/**
 * Ranges a VPC may not take: the clusters' own pod and service networks, which every cluster
 * uses inside it (DOKS's defaults).
 */
export const RESERVED_RANGES = ['10.244.0.0/16', '10.245.0.0/16'] as const;

export const vpcSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  provider: z.string(),
  region: z.string(),
  /** The network's IPv4 CIDR, e.g. 10.110.0.0/20. */
  ipRange: z.string(),
  /** The region's default network, made for the first cluster ordered without a choice. */
  isDefault: z.boolean(),
  /** Clusters in it now (deleted ones not counted): a VPC with clusters cannot be deleted. */
  clusterCount: z.number().int(),
  createdAt: timestampSchema,
});
export type Vpc = z.infer<typeof vpcSchema>;

export const createVpcSchema = z.strictObject({
  name: dnsLabelSchema,
  provider: z.string().trim().min(1).max(64),
  region: z.string().trim().min(1).max(64),
  /** Omitted: the first free /20 in 10.0.0.0/8. */
  ipRange: z
    .string()
    .trim()
    .pipe(z.cidrv4({ error: (issue) => `"${String(issue.input)}" is not an IPv4 CIDR` }))
    .optional(),
});
export type CreateVpc = z.input<typeof createVpcSchema>;

export const vpcListQuerySchema = z.strictObject({
  provider: z.string().trim().min(1).max(64).optional(),
  region: z.string().trim().min(1).max(64).optional(),
});
export interface VpcListQuery {
  provider?: string;
  region?: string;
}
