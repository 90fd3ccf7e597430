import { z } from 'zod';
import { promoCodeInputSchema, timestampSchema } from './common.ts';
import { dnsLabelSchema } from './cluster-config.ts';
import { orderSchema } from './orders.ts';

import { productCategories } from './product-categories.ts';

export { productCategories, type ProductCategory } from './product-categories.ts';

export const productInstanceStatuses = [
  'ordered',
  'provisioning',
  'active',
  'updating',
  'cancelling',
  'cancelled',
  'failed',
] as const;
export type ProductInstanceStatus = (typeof productInstanceStatuses)[number];

export const productPlanSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** What the size gives, in words. */
  size: z.string(),
  /** USD cents a month, paid monthly. */
  priceMonthly: z.number().int(),
  /** USD cents a year, paid up front. */
  priceYearly: z.number().int(),
});
export type ProductPlan = z.infer<typeof productPlanSchema>;

export const productRegionSchema = z.object({
  /** `provider:region`, as orders name it. */
  code: z.string(),
  /** "Frankfurt (DE) · Alpenkube Sovereign Cloud". */
  label: z.string(),
  /** Whether the region is in the EU. */
  eu: z.boolean(),
});

export const marketplaceProductSchema = z.object({
  slug: z.string(),
  name: z.string(),
  category: z.enum(productCategories),
  vendor: z.string(),
  summary: z.string(),
  description: z.string(),
  plans: z.array(productPlanSchema),
  regions: z.array(productRegionSchema),
});
export type MarketplaceProduct = z.infer<typeof marketplaceProductSchema>;

export const createProductOrderSchema = z.strictObject({
  product: z.string().min(1).max(64),
  plan: z.string().min(1).max(64),
  region: z.string().min(1).max(128),
  name: dnsLabelSchema,
  billingCycle: z.enum(['monthly', 'yearly']),
  promoCode: promoCodeInputSchema,
});
export type CreateProductOrder = z.infer<typeof createProductOrderSchema>;

/** One figure of a product's simulated usage: plans are flat, nothing of it is billed. */
export const productUsageSchema = z.object({
  label: z.string(),
  value: z.number(),
  unit: z.string(),
  /** What the plan allows of it, where it has a limit. */
  limit: z.number().nullable(),
});

export const productInstanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product: z.string(),
  productName: z.string(),
  category: z.string(),
  plan: z.string(),
  planName: z.string(),
  planSize: z.string(),
  region: z.string(),
  regionLabel: z.string(),
  billingCycle: z.enum(['monthly', 'yearly']),
  status: z.enum(productInstanceStatuses),
  statusReason: z.string().nullable(),
  /** The running job's progress, 0–100. */
  progress: z.number().int(),
  endpoint: z.string().nullable(),
  username: z.string().nullable(),
  secretVersion: z.number().int(),
  /** Whether the current secret was shown once already: the next reveal asks for the password. */
  secretShown: z.boolean(),
  secretRotatedAt: timestampSchema.nullable(),
  orderId: z.number().int().nullable(),
  createdAt: timestampSchema,
  activeAt: timestampSchema.nullable(),
  cancelledAt: timestampSchema.nullable(),
});
export type ProductInstance = z.infer<typeof productInstanceSchema>;

/** One product with what its page needs: the period, what cancelling gives back, usage. */
export const productDetailSchema = productInstanceSchema.extend({
  period: z.object({ start: z.string(), end: z.string(), price: z.number().int() }).nullable(),
  /** Cents credited if cancelled now: the unused part of the prepaid period. */
  cancelCredit: z.number().int(),
  /** A plan-change order waiting for payment, if any. */
  pendingOrderId: z.number().int().nullable(),
  usage: z.array(productUsageSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const PRODUCT_PAGE_SIZE = 25;

export const productListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** The id the previous page ended at: ids below it, newest first. */
  before: z.coerce.number().int().positive().optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const revealProductSecretSchema = z.strictObject({
  password: z.string().min(1).max(1024).optional(),
});

export const productSecretSchema = z.object({
  secret: z.string(),
  version: z.number().int(),
  /** True on the one reveal that needs no password. */
  firstReveal: z.boolean(),
});
export type ProductSecret = z.infer<typeof productSecretSchema>;

export const changeProductPlanSchema = z.strictObject({ plan: z.string().min(1).max(64) });

/** An upgrade answers the order to pay; a downgrade is under way with the credit it will give. */
export const productPlanChangeSchema = z.object({
  product: productDetailSchema,
  order: orderSchema.nullable(),
  credit: z.number().int(),
});
export type ProductPlanChange = z.infer<typeof productPlanChangeSchema>;
