import { z } from 'zod';
import { timestampSchema } from './common.ts';

/** A saved card: the platform keeps only the gateway's token and what identifies the card. */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  /** Which gateway holds the card: `test` is the embedded test gateway. */
  gateway: z.string(),
  createdAt: timestampSchema,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** `POST /api/billing/payment-methods`: a token the gateway's own endpoint gave the browser. */
export const addPaymentMethodSchema = z.strictObject({
  token: z.string().trim().min(1).max(200),
  makeDefault: z.boolean().optional(),
});
export type AddPaymentMethod = z.infer<typeof addPaymentMethodSchema>;

/** How the browser reaches the gateway: card numbers go there, never to the platform's API. */
export const paymentGatewayInfoSchema = z.object({
  gateway: z.string(),
  /** True for the embedded test gateway: the UI says so and lists its test cards. */
  testMode: z.boolean(),
  /** Where the browser POSTs card details to get a token. */
  tokenizeUrl: z.string(),
  testCards: z.array(z.object({ number: z.string(), brand: z.string(), behaviour: z.string() })),
});
export type PaymentGatewayInfo = z.infer<typeof paymentGatewayInfoSchema>;

export const creditBalanceSchema = z.object({
  currency: z.literal('USD'),
  /** Cents the organization's next payments take first. */
  balance: z.number().int(),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

/**
 * What the browser sends the test gateway's tokenizing endpoint (not the platform's API). The
 * gateway checks these itself; the shape is here so the card form validates the same way.
 */
export const cardDetailsSchema = z.strictObject({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[0-9]{12,19}$/, 'Enter the card number: 12 to 19 digits')),
  expMonth: z.number().int().min(1, 'Month 1 to 12').max(12, 'Month 1 to 12'),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^[0-9]{3,4}$/, 'Enter the 3 or 4 digits on the back of the card'),
  name: z.string().trim().max(100).optional(),
});
export type CardDetails = z.input<typeof cardDetailsSchema>;

/** The test gateway's answer to a tokenization. */
export const cardTokenSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type CardToken = z.infer<typeof cardTokenSchema>;
