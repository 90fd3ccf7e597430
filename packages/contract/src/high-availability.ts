import { z } from 'zod';
import { promoCodeInputSchema } from './common.ts';

/** `POST /api/clusters/:id/high-availability`: the order for the difference; never a price. */
export const createHaOrderSchema = z.strictObject({
  promoCode: promoCodeInputSchema,
});
export type CreateHaOrder = z.infer<typeof createHaOrderSchema>;

/**
 * `GET /api/clusters/:id/high-availability`: what making one cluster's control plane highly
 * available costs now, by the price engine, or why it cannot be done.
 */
export const clusterHaQuoteSchema = z.object({
  clusterId: z.number().int(),
  clusterName: z.string(),
  haControlPlane: z.boolean(),
  /** Why it cannot be ordered now, in the words of the 409 that would refuse it; null when it can. */
  refusal: z.string().nullable(),
  billingCycle: z.enum(['monthly', 'yearly']),
  /** The HA control plane's price for a whole period of the cluster's cycle, in its region. */
  periodPrice: z.number().int(),
  /** What the order charges now: the period price prorated to the whole hours left. */
  orderPrice: z.number().int(),
  /** The end of the cluster's current prepaid period; null when it has none. */
  periodEnd: z.string().nullable(),
  hoursLeft: z.number().int(),
  periodHours: z.number().int(),
  /** An order for it on this cluster that is not finished yet. */
  openOrderId: z.number().int().nullable(),
});
export type ClusterHaQuote = z.infer<typeof clusterHaQuoteSchema>;
