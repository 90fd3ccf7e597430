import { z } from 'zod';
import { idParamsSchema, promoCodeInputSchema } from './common.ts';

/** `POST /api/addons/orders`: an add-on for one of the organization's clusters; never a price. */
export const createAddonOrderSchema = z.strictObject({
  clusterId: z.number().int().positive().max(2_147_483_647),
  addon: z.string().trim().min(1).max(64),
  promoCode: promoCodeInputSchema,
});
export type CreateAddonOrder = z.infer<typeof createAddonOrderSchema>;

/** `DELETE /api/clusters/:id/addons/:slug` */
export const clusterAddonParamsSchema = idParamsSchema.extend({
  slug: z.string().min(1).max(64),
});

/** One catalog add-on as it stands on one cluster, with what installing or removing it costs. */
export const clusterAddonSchema = z.object({
  slug: z.string(),
  name: z.string(),
  unit: z.enum(['cluster', 'node']),
  installed: z.boolean(),
  /** Why it cannot be ordered for this cluster now, in words; null when it can. */
  refusal: z.string().nullable(),
  /** Its price for a whole period of the cluster's billing cycle, at its current node count. */
  periodPrice: z.number().int(),
  /** What ordering it now costs: the period price prorated to the whole hours left. */
  installPrice: z.number().int(),
  /** What removing it now gives back as credit: the unused prepaid part (0 if not prepaid). */
  removalCredit: z.number().int(),
  /** An order for it on this cluster that is not finished yet. */
  openOrderId: z.number().int().nullable(),
});
export type ClusterAddon = z.infer<typeof clusterAddonSchema>;

export const clusterAddonsSchema = z.object({
  clusterId: z.number().int(),
  clusterName: z.string(),
  billingCycle: z.enum(['monthly', 'yearly']),
  /** The end of the cluster's current prepaid period; null when it has none. */
  periodEnd: z.string().nullable(),
  hoursLeft: z.number().int(),
  periodHours: z.number().int(),
  /**
   * How the cluster's provider installs and removes add-ons, where a real provider's way
   * differs from the simulation's (DigitalOcean's 1-Click apps; GKE records them only); null on
   * a simulated provider.
   */
  providerNote: z.string().nullable(),
  addons: z.array(clusterAddonSchema),
});
export type ClusterAddons = z.infer<typeof clusterAddonsSchema>;
