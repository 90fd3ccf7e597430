import { z } from 'zod';
import { promoCodeInputSchema, timestampSchema } from './common.ts';
import { clusterConfigShapeSchema, dnsLabelSchema } from './cluster-config.ts';
import { previewHoursSchema } from './clusters.ts';
import { clusterTagsSchema } from './node-shape.ts';

export const orderKinds = ['cluster', 'addon', 'product', 'support', 'high_availability'] as const;
export type OrderKind = (typeof orderKinds)[number];

/**
 * An order's life: `pending_payment` until paid or cancelled; a paid order is `fulfilling`
 * while what it bought is being set up, then `completed` (or `failed`, credited back).
 */
export const orderStatuses = [
  'pending_payment',
  'paid',
  'fulfilling',
  'completed',
  'failed',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Orders still waiting on the customer or on the platform. */
export const openOrderStatuses = [
  'pending_payment',
  'paid',
  'fulfilling',
] as const satisfies readonly OrderStatus[];

/** Orders whose payment stands: paid, and neither refunded (failed) nor cancelled. */
export const paidOrderStatuses = [
  'paid',
  'fulfilling',
  'completed',
] as const satisfies readonly OrderStatus[];

/** The longest Idempotency-Key header the API accepts. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

const idempotencyKeyRule = `Send an Idempotency-Key header (1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters, e.g. a UUID) so that a retried request cannot place a second order.`;

/**
 * The headers of every call that places an order: the Idempotency-Key is required, and the
 * document says so, so that a generated client sends it.
 */
export const idempotencyKeyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: idempotencyKeyRule })
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, idempotencyKeyRule)
    .regex(/^[\x21-\x7e]+$/, idempotencyKeyRule),
});

/** A cluster order's configuration: what the price engine takes, plus the cluster's name. */
export const clusterOrderConfigSchema = clusterConfigShapeSchema.extend({
  name: dnsLabelSchema,
  /** Tags for cost allocation, set on the cluster once it is made. */
  tags: clusterTagsSchema.optional(),
  /** A preview cluster (Dev/Test): deleted this many hours after it is made. */
  expiresInHours: previewHoursSchema.optional(),
  /** The organization's VPC of the region to place it in; omitted: the region's default one. */
  vpcId: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type ClusterOrderConfig = z.infer<typeof clusterOrderConfigSchema>;

/** `POST /api/orders`: the server prices it again from the configuration. */
export const createClusterOrderSchema = z.strictObject({
  kind: z.literal('cluster'),
  cluster: clusterOrderConfigSchema.omit({ billingCycle: true }),
  billingCycle: z.enum(['monthly', 'yearly']),
  promoCode: promoCodeInputSchema,
});
export type CreateClusterOrder = z.infer<typeof createClusterOrderSchema>;

/** A page of a list holds this many orders unless `limit` asks for another number. */
export const ORDER_PAGE_SIZE = 50;
export const ORDER_PAGE_MAX = 200;

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/**
 * Newest first, a page at a time: a full page (as many orders as `limit`) may have more after
 * it, asked for with `before` set to the last order's id.
 */
export const orderListQuerySchema = z.strictObject({
  kind: z.enum(orderKinds).optional(),
  status: z.enum(orderStatuses).optional(),
  limit: wholeNumber(ORDER_PAGE_MAX).optional(),
  before: wholeNumber(2_147_483_647).optional(),
});
export interface OrderListQuery {
  kind?: OrderKind;
  status?: OrderStatus;
  limit?: number;
  before?: number;
}

/** One line as charged: the chosen billing cycle's unit price and amount (USD cents). */
export const orderLineSchema = z.object({
  kind: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitAmount: z.number().int(),
  amount: z.number().int(),
});

export const orderEventSchema = z.object({
  status: z.enum(orderStatuses),
  /** What happened, in words, e.g. "Paid with Visa ending 4242". */
  note: z.string().nullable(),
  at: timestampSchema,
});

export const paymentStatuses = ['processing', 'requires_action', 'succeeded', 'failed'] as const;

/** The latest payment attempt of an order. */
export const orderPaymentSchema = z.object({
  status: z.enum(paymentStatuses),
  /** Card part of the total (cents); the rest came from the credit balance. */
  cardAmount: z.number().int(),
  creditAmount: z.number().int(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The gateway's challenge page, while `requires_action`. */
  challengeUrl: z.string().nullable(),
  failureMessage: z.string().nullable(),
});

export const orderSummarySchema = z.object({
  id: z.number().int(),
  /** What a person quotes to support, e.g. ORD-000042. */
  number: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  /** e.g. "Cluster prod-eu: Standard, 3 nodes". */
  description: z.string(),
  billingCycle: z.enum(['monthly', 'yearly']),
  currency: z.literal('USD'),
  /** Cents: subtotal − discount. */
  total: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema.extend({
  lines: z.array(orderLineSchema),
  subtotal: z.number().int(),
  /** The promo code's discount. */
  discount: z.number().int(),
  promoCode: z.string().nullable(),
  /** Taken from the organization's credit balance when paid. */
  creditApplied: z.number().int(),
  /** What the card was (or will be) charged: total − credit applied. */
  amountDue: z.number().int(),
  paidAt: timestampSchema.nullable(),
  /** The configuration ordered, for a cluster order. */
  cluster: clusterOrderConfigSchema.nullable(),
  /** The cluster record a paid cluster order created. */
  clusterId: z.number().int().nullable(),
  /** The cluster an add-on order installs on. */
  targetClusterId: z.number().int().nullable(),
  /** The marketplace product a product order created, or the one whose plan it changes. */
  productInstanceId: z.number().int().nullable(),
  timeline: z.array(orderEventSchema),
  payment: orderPaymentSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const payOrderSchema = z.strictObject({
  /** Omit to pay with the organization's default card (or with credit alone). */
  paymentMethodId: z.number().int().positive().optional(),
  /** Where the gateway's challenge page sends the payer back to (a path of this site). */
  returnPath: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'A path of this site, starting with one /')
    .optional(),
});
export type PayOrder = z.infer<typeof payOrderSchema>;

/**
 * `GET /api/orders/promo`: whether the banner's code is still the organization's to use. Once
 * an order of it was paid (with the code or without), it is not, and the banner is not shown.
 */
export const promoStandingSchema = z.object({
  code: z.string(),
  percent: z.number().int(),
  available: z.boolean(),
});
export type PromoStanding = z.infer<typeof promoStandingSchema>;

/** A 402 answers a declined card with `{message}`; these two are what a payment can become. */
export const payResultSchema = z.object({
  status: z.enum(['paid', 'requires_action']),
  order: orderSchema,
  challengeUrl: z.string().nullable(),
});
export type PayResult = z.infer<typeof payResultSchema>;
