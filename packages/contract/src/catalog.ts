import { z } from 'zod';
import { addonSchema, tierSchema } from './platform.ts';

export const regionSchema = z.object({
  code: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  jurisdiction: z.enum(['eu', 'non_eu']),
  /** Multiplies the infrastructure prices (control plane, nodes) in this region: 10000 is ×1.00. */
  priceFactorBasisPoints: z.number().int(),
});
export type Region = z.infer<typeof regionSchema>;

export const providerSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** The provider's managed Kubernetes product, e.g. GKE. */
  service: z.string(),
  /** The platform's own sovereign EU cloud. */
  isDefault: z.boolean(),
  regions: z.array(regionSchema),
});
export type Provider = z.infer<typeof providerSchema>;

/** One upstream patch release of a minor; dated later than now, it is scheduled, not out yet. */
export const kubernetesPatchSchema = z.object({
  patch: z.string(),
  /** YYYY-MM-DD. */
  releasedOn: z.string(),
});
export type KubernetesPatch = z.infer<typeof kubernetesPatchSchema>;

export const kubernetesVersionSchema = z.object({
  /** What a configuration names, e.g. "1.37". */
  minor: z.string(),
  /** What a new cluster of this minor runs. */
  latestPatch: z.string(),
  /** Its patch releases, oldest first: maintenance windows apply each once it is out. */
  patches: z.array(kubernetesPatchSchema),
  /** YYYY-MM-DD. */
  endOfSupport: z.string(),
  isDefault: z.boolean(),
});
export type KubernetesVersion = z.infer<typeof kubernetesVersionSchema>;

export const supportPlanSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** First response in minutes by severity; null where the plan does not cover that severity. */
  responseMinutes: z.object({
    urgent: z.number().int().nullable(),
    high: z.number().int().nullable(),
    normal: z.number().int(),
    low: z.number().int(),
  }),
  /** Minor units of USD. */
  priceMonthly: z.number().int(),
  priceYearly: z.number().int(),
});
export type SupportPlan = z.infer<typeof supportPlanSchema>;

/** Everything the price engine and the cluster wizard need, in one document. */
export const catalogSchema = z.object({
  currency: z.literal('USD'),
  tiers: z.array(tierSchema),
  providers: z.array(providerSchema),
  kubernetesVersions: z.array(kubernetesVersionSchema),
  addons: z.array(addonSchema),
  supportPlans: z.array(supportPlanSchema),
});
export type Catalog = z.infer<typeof catalogSchema>;
