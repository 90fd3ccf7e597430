import { z } from 'zod';
import { timestampSchema } from './common.ts';

export const nodeSizeSchema = z.object({
  name: z.string(),
  vcpu: z.number(),
  memoryGb: z.number(),
  diskGb: z.number(),
  /** Only the AI/ML tier's sizes have GPUs. */
  gpu: z.object({ model: z.string(), count: z.number().int() }).nullable(),
  /** Per node, minor units of USD. */
  priceMonthly: z.number().int(),
  priceYearly: z.number().int(),
});
export type NodeSize = z.infer<typeof nodeSizeSchema>;

export const tierSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  sla: z.string(),
  nodeSizes: z.array(nodeSizeSchema),
  /** Minor units of USD. */
  nodePriceMonthly: z.number().int(),
  nodePriceYearly: z.number().int(),
  controlPlanePriceMonthly: z.number().int(),
  controlPlanePriceYearly: z.number().int(),
  /** Extra for a control plane over three zones: 0 where included, null where not offered. */
  haControlPlanePriceMonthly: z.number().int().nullable(),
  haControlPlanePriceYearly: z.number().int().nullable(),
  priceMonthly: z.number().int(),
  priceYearly: z.number().int(),
  minNodes: z.number().int(),
  maxNodes: z.number().int(),
  features: z.array(z.string()),
});
export type Tier = z.infer<typeof tierSchema>;

export const versionSummarySchema = z.object({
  displayVersion: z.string(),
  version: z.string(),
  environment: z.string(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const sidebarCountsSchema = z.object({
  clusters: z.number().int(),
  orders: z.object({ total: z.number().int() }),
});
export type SidebarCounts = z.infer<typeof sidebarCountsSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const devLoginSchema = z.strictObject({ username: z.string().trim().min(1).max(32) });
export const devMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  status: z.string(),
  createdAt: timestampSchema,
});
export type DevMail = z.infer<typeof devMailSchema>;
export const devUserSchema = z.object({
  username: z.string(),
  role: z.string(),
  description: z.string(),
});

export const addonSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  /** Minor units of USD, per unit below. */
  priceMonthly: z.number().int(),
  priceYearly: z.number().int(),
  unit: z.enum(['cluster', 'node']),
  /** Tier slugs the add-on can be installed on. */
  compatibleTiers: z.array(z.string()),
});
export type Addon = z.infer<typeof addonSchema>;
