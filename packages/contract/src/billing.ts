import { z } from 'zod';
import { promoCodeInputSchema, timestampSchema } from './common.ts';
import { creditBalanceSchema } from './payments.ts';
import { USAGE_MAX_DAYS, usageGroupings, usageMetrics } from './usage-metrics.ts';
import { clusterTagSchema } from './node-shape.ts';

// The metrics and the usage query's limits are zod-free, for pages that must not load zod.
export {
  USAGE_MAX_DAYS,
  type UsageGrouping,
  type UsageMetric,
  usageGroupings,
  usageMetricLabels,
  usageMetrics,
} from './usage-metrics.ts';

/**
 * Billing: the credit ledger, renewals, metered usage, monthly invoices, the organization's
 * support plan, its billing details and its budget. Every amount is integer cents of USD.
 */

/** The seller on every invoice: the platform's home for VAT. */
export const SELLER = {
  name: 'Alpenkube SAS',
  address: '12 rue Félix Poulat\n38000 Grenoble\nFrance',
  country: 'FR',
  vatNumber: 'FR61912345678',
  email: 'billing@alpenkube.eu',
} as const;

/** VAT of the home country (France), in basis points: charged unless the reverse charge applies. */
export const HOME_VAT_BASIS_POINTS = 2000;

/** The member states of the EU, by ISO 3166 code: where the reverse charge can apply. */
export const euCountries = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE',
  'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore

/** Renewals that fail are tried again this many days after the period ended, then ordering stops. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

// ---------------------------------------------------------------------------------------------
// Credits

export const creditKinds = [
  /** Granted by a platform operator, with a reason. */
  'grant',
  /** An order that could not be fulfilled, paid back. */
  'refund',
  /** The unused prepaid part of a scale-down or deletion. */
  'proration',
  'promo',
  /** Taken by a payment (an order, a renewal or an invoice): negative. */
  'payment',
  /** A payment that failed gave back what it had taken. */
  'release',
  /** A credit code a platform operator issued, redeemed by the organization. */
  'code',
] as const;
export type CreditKind = (typeof creditKinds)[number];

export const creditEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(creditKinds),
  /** Signed cents: positive adds to the balance. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  description: z.string(),
  orderId: z.number().int().nullable(),
  invoiceId: z.number().int().nullable(),
  createdAt: timestampSchema,
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** `GET /api/billing/credits`: the balance and its newest 100 movements. */
export const creditsSchema = creditBalanceSchema.extend({
  history: z.array(creditEntrySchema),
});
export type Credits = z.infer<typeof creditsSchema>;

/** `POST /api/billing/credits` (platform operators): credit for an organization, and why. */
export const grantCreditSchema = z.strictObject({
  organizationId: z.number().int().positive().max(2_147_483_647),
  /** Cents, at most $100,000 at once. */
  amount: z
    .number()
    .int('Whole cents')
    .min(1, 'At least 1 cent')
    .max(10_000_000, 'At most $100,000 at once'),
  reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
});
export type GrantCredit = z.infer<typeof grantCreditSchema>;

/** What a credit code is made of: letters and digits, with dashes between groups. */
const creditCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'Letters, digits and single dashes between them')
  .min(4, 'At least 4 characters')
  .max(32, 'At most 32 characters');

/** `POST /api/billing/credit-codes` (platform operators): a code organizations redeem once each. */
export const createCreditCodeSchema = z.strictObject({
  code: creditCodeText,
  amount: grantCreditSchema.shape.amount,
  /** The credit history's line for whoever redeems it. */
  description: z.string().trim().min(3, 'Say what it is for, in a few words').max(200),
  /** The last day (UTC) it can be redeemed. */
  expiresOn: z.iso.date('A date, e.g. 2027-01-31'),
  /** How many organizations may redeem it in all. */
  maxRedemptions: z
    .number()
    .int('A whole number')
    .min(1, 'At least 1')
    .max(100_000, 'At most 100,000'),
});
export type CreateCreditCode = z.input<typeof createCreditCodeSchema>;

export const creditCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  amount: z.number().int(),
  description: z.string(),
  expiresOn: z.string(),
  maxRedemptions: z.number().int(),
  redemptions: z.number().int(),
  revokedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type CreditCode = z.infer<typeof creditCodeSchema>;

/** `POST /api/billing/credits/redeem`: a code typed by a member of the organization. */
export const redeemCreditCodeSchema = z.strictObject({
  code: z.string().trim().toUpperCase().min(1, 'Enter the code').max(64, 'No code is that long'),
});
export type RedeemCreditCode = z.input<typeof redeemCreditCodeSchema>;

// ---------------------------------------------------------------------------------------------
// Summary

export const overdueRenewalSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  amount: z.number().int(),
  /** When the period it pays for began (the renewal was due). */
  dueAt: timestampSchema,
  attempts: z.number().int(),
  /** The next automatic attempt, or null once the last (day 7) has failed. */
  nextAttemptAt: timestampSchema.nullable(),
  lastError: z.string().nullable(),
});
export type OverdueRenewal = z.infer<typeof overdueRenewalSchema>;

export const billingSummarySchema = z.object({
  currency: z.literal('USD'),
  creditBalance: z.number().int(),
  /** The month so far (UTC): orders, renewals and metered usage. */
  monthToDate: z.number().int(),
  /** Month to date, plus the last full hour's metered cost for every hour left, plus renewals due. */
  forecast: z.number().int(),
  /** Metered cost of the last full hour. */
  hourlyRunRate: z.number().int(),
  monthStart: z.string(),
  monthEnd: z.string(),
  nextRenewal: z
    .object({ at: z.string(), amount: z.number().int(), description: z.string() })
    .nullable(),
  openInvoices: z.object({ count: z.number().int(), total: z.number().int() }),
  budget: z.object({ amount: z.number().int(), thresholds: z.array(z.number().int()) }).nullable(),
  /** Set while a renewal stays unpaid after its last retry: no new orders until it is paid. */
  orderingSuspended: z.object({ since: z.string(), reason: z.string() }).nullable(),
  overdueRenewals: z.array(overdueRenewalSchema),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Support plans

export const billingPlanSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  priceMonthly: z.number().int(),
  priceYearly: z.number().int(),
  responseMinutes: z.object({
    urgent: z.number().int().nullable(),
    high: z.number().int().nullable(),
    normal: z.number().int(),
    low: z.number().int(),
  }),
  current: z.boolean(),
});

export const billingPlansSchema = z.object({
  current: z.string(),
  billingCycle: z.enum(['monthly', 'yearly']),
  /** When the current paid plan renews; null on the free plan. */
  renewsAt: timestampSchema.nullable(),
  plans: z.array(billingPlanSchema),
});
export type BillingPlans = z.infer<typeof billingPlansSchema>;

/** `PUT /api/billing/plans`: answers an order of kind `support`, paid like any order. */
export const changePlanSchema = z.strictObject({
  plan: z.string().trim().min(1).max(64),
  billingCycle: z.enum(['monthly', 'yearly']),
  promoCode: promoCodeInputSchema,
});
export type ChangePlan = z.infer<typeof changePlanSchema>;

// ---------------------------------------------------------------------------------------------
// Billing details and VAT

export const vatTreatments = ['standard', 'reverse_charge'] as const;

/**
 * The EU's VIES registry's word on a VAT number: `pending` until asked, `valid` or `invalid`
 * once it answered, `unavailable` while it (or the member state's registry) cannot answer; the
 * number is asked again later then.
 */
export const vatNumberStatuses = ['pending', 'valid', 'invalid', 'unavailable'] as const;
export type VatNumberStatus = (typeof vatNumberStatuses)[number];

export const vatNumberCheckSchema = z.object({
  status: z.enum(vatNumberStatuses),
  /** When the registry last answered (valid or invalid) or was last tried; null while pending. */
  checkedAt: z.string().nullable(),
  /**
   * Which registry answered: the EU's VIES, or the embedded simulated one of development
   * (labelled as such wherever it shows); null while none has.
   */
  registry: z.enum(['vies', 'simulated']).nullable(),
});
export type VatNumberCheck = z.infer<typeof vatNumberCheckSchema>;

export const billingDetailsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  /** ISO 3166 alpha-2, upper case; '' until set. */
  country: z.string(),
  vatNumber: z.string().nullable(),
  email: z.string(),
  /** The registry's check of the VAT number; null without one. */
  vatNumberCheck: vatNumberCheckSchema.nullable(),
  /**
   * What the next invoice applies: reverse charge for an EU business outside France whose VAT
   * number the registry confirmed.
   */
  vatTreatment: z.enum(vatTreatments),
  vatRateBasisPoints: z.number().int(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/**
 * The VAT an invoice applies: the reverse charge (0%, the customer accounts for it) for a
 * business in another EU country whose VAT number the EU's registry confirmed; the home rate
 * otherwise (a number typed but not yet confirmed, or refused, is charged VAT).
 */
export function vatFor(
  details: {
    country: string;
    vatNumber: string | null;
    vatNumberStatus: VatNumberStatus | null;
  } | null,
): {
  treatment: (typeof vatTreatments)[number];
  rateBasisPoints: number;
} {
  const inEu = (euCountries as readonly string[]).includes(details?.country ?? '');
  const confirmed = details?.vatNumber && details.vatNumberStatus === 'valid';
  if (details && inEu && details.country !== SELLER.country && confirmed) {
    return { treatment: 'reverse_charge', rateBasisPoints: 0 };
  }
  return { treatment: 'standard', rateBasisPoints: HOME_VAT_BASIS_POINTS };
}

/** The note a reverse-charged invoice carries. */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC).';

/** An EU VAT number: its country prefix (EL for Greece) and 2 to 13 letters or digits. */
const VAT_NUMBER = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

export const updateBillingDetailsSchema = z
  .strictObject({
    legalName: z.string().trim().min(1, 'Enter the legal name').max(200),
    address: z.string().trim().min(1, 'Enter the postal address').max(500),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Choose a country'),
    vatNumber: z
      .string()
      .trim()
      .toUpperCase()
      .transform((value) => value.replace(/[\s.-]/g, ''))
      .pipe(z.string().max(15).regex(VAT_NUMBER, 'A VAT number starts with its country code'))
      .nullable()
      .optional(),
    email: z.email('Enter an e-mail address').max(254),
  })
  .superRefine((value, context) => {
    if (!value.vatNumber) return;
    const prefix = value.country === 'GR' ? 'EL' : value.country;
    if (!value.vatNumber.startsWith(prefix)) {
      context.addIssue({
        code: 'custom',
        path: ['vatNumber'],
        message: `A VAT number of this country starts with ${prefix}`,
      });
    }
  });
export type UpdateBillingDetails = z.input<typeof updateBillingDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Invoices

export const invoiceStatuses = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoiceLineKinds = ['order', 'renewal', 'usage'] as const;

export const invoiceLineSchema = z.object({
  kind: z.enum(invoiceLineKinds),
  description: z.string(),
  clusterId: z.number().int().nullable(),
  metric: z.enum(usageMetrics).nullable(),
  /** Up to three decimals for metered lines; 1 for an order or a renewal. */
  quantity: z.number(),
  unit: z.string(),
  amount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  /** `INV-2026-000123`: sequential per year, without gaps. */
  number: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedAt: timestampSchema,
  status: z.enum(invoiceStatuses),
  currency: z.literal('USD'),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** Paid during the month when its orders and renewals were charged. */
  prepaid: z.number().int(),
  /** total − prepaid: charged when the invoice is issued. */
  amountDue: z.number().int(),
  /** The credit note a voided paid invoice gave, if any. */
  creditNote: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

const partySchema = z.object({
  name: z.string(),
  address: z.string(),
  country: z.string(),
  vatNumber: z.string().nullable(),
  email: z.string(),
});

export const creditNoteRefundTargets = ['credit', 'card'] as const;

/**
 * What a voided paid invoice gave back: its own gapless number (`CN-2026-000001`), the
 * invoice's amounts, and where the money went: the credit balance, or the card that paid the
 * invoice's amount due (refunded on that charge) with the rest as credit.
 */
export const creditNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  issuedAt: z.string(),
  reason: z.string(),
  currency: z.literal('USD'),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  refundTo: z.enum(creditNoteRefundTargets),
  /** Cents back on the credit balance. */
  credit: z.number().int(),
  /** Cents back to the card. */
  cardRefund: z.number().int(),
  /** The card part: pending at the gateway, refunded, or credited when the gateway refused it. */
  cardRefundStatus: z.enum(['pending', 'refunded', 'credited']).nullable(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  lines: z.array(invoiceLineSchema),
  vatRateBasisPoints: z.number().int(),
  vatTreatment: z.enum(vatTreatments),
  /** "Reverse charge: VAT to be accounted for by the recipient (art. 196 Directive 2006/112/EC)". */
  taxNote: z.string().nullable(),
  seller: partySchema,
  billedTo: partySchema,
  paidAt: timestampSchema.nullable(),
  creditApplied: z.number().int(),
  cardCharged: z.number().int(),
  /** Why the last charge of the amount due failed, while the invoice is open. */
  paymentError: z.string().nullable(),
  voidedAt: timestampSchema.nullable(),
  voidReason: z.string().nullable(),
  creditNote: creditNoteSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `POST /api/billing/invoices/{id}/void` (platform operators). */
export const voidInvoiceSchema = z.strictObject({
  reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
  /**
   * Where a paid invoice's money goes back: the credit balance (the default), or the card that
   * paid its amount due, refunded on that charge (the rest as credit).
   */
  refundTo: z.enum(creditNoteRefundTargets).optional(),
});
export type VoidInvoice = z.infer<typeof voidInvoiceSchema>;

// ---------------------------------------------------------------------------------------------
// Usage

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * `GET /api/usage?from=&to=&groupBy=&clusterId=&format=csv`; both dates included, UTC. Without
 * dates it is the current month so far: `to` is today and `from` the first day of `to`'s month.
 */
export const usageQuerySchema = z
  .strictObject({
    from: day.optional(),
    to: day.optional(),
    groupBy: z.enum(usageGroupings).default('day'),
    clusterId: z
      .string()
      .regex(/^[0-9]{1,10}$/, 'Must be a positive whole number')
      .transform(Number)
      .optional(),
    /** Only the clusters carrying this tag. */
    tag: clusterTagSchema.optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .transform(({ from, to = utcDay(new Date()), ...rest }) => ({
    ...rest,
    from: from ?? `${to.slice(0, 7)}-01`,
    to,
  }))
  .superRefine((value, context) => {
    const from = Date.parse(`${value.from}T00:00:00Z`);
    const to = Date.parse(`${value.to}T00:00:00Z`);
    if (Number.isNaN(from))
      context.addIssue({ code: 'custom', path: ['from'], message: 'Not a date' });
    if (Number.isNaN(to)) context.addIssue({ code: 'custom', path: ['to'], message: 'Not a date' });
    if (to < from)
      context.addIssue({ code: 'custom', path: ['to'], message: 'Ends before it starts' });
    if ((to - from) / 86_400_000 >= USAGE_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'At most 366 days at once' });
    }
  });
export type UsageQuery = z.input<typeof usageQuerySchema>;

export const usageRowSchema = z.object({
  /** Set when grouped by day. */
  day: z.string().nullable(),
  /** Set when grouped by cluster. */
  clusterId: z.number().int().nullable(),
  clusterName: z.string().nullable(),
  metric: z.enum(usageMetrics),
  /** Everything that ran, three decimals at most. */
  quantity: z.number(),
  /** What ran beyond what was prepaid: what the cost is for. */
  billableQuantity: z.number(),
  cost: z.number().int(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;

export const usageReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(usageGroupings),
  currency: z.literal('USD'),
  totalCost: z.number().int(),
  rows: z.array(usageRowSchema),
  /**
   * True when egress in the range went through a load balancer of a simulated provider: that
   * traffic is generated, and every page that shows it says so.
   */
  simulatedEgress: z.boolean(),
});
export type UsageReport = z.infer<typeof usageReportSchema>;

// ---------------------------------------------------------------------------------------------
// Budget

export const budgetSchema = z.object({
  /** Cents a month; null while no budget is set. */
  amount: z.number().int().nullable(),
  /** Percentages of the amount, ascending. */
  thresholds: z.array(z.number().int()),
  /** Alerts already sent this month. */
  alerts: z.array(z.object({ threshold: z.number().int(), at: z.string() })),
});
export type Budget = z.infer<typeof budgetSchema>;

/** `PUT /api/billing/budget`: `amount: null` removes the budget. */
export const updateBudgetSchema = z.strictObject({
  amount: z
    .number()
    .int('Whole cents')
    .min(100, 'At least $1')
    .max(100_000_000, 'At most $1,000,000')
    .nullable(),
  thresholds: z
    .array(z.number().int().min(1, 'From 1%').max(200, 'Up to 200%'))
    .min(1, 'At least one threshold')
    .max(5, 'At most five thresholds')
    .refine((values) => new Set(values).size === values.length, 'Each threshold once')
    .transform((values) => [...values].sort((a, b) => a - b)),
});
export type UpdateBudget = z.input<typeof updateBudgetSchema>;

/** `POST /api/dev/billing/close-month` (development): closes the month to now for one organization. */
export const closeMonthSchema = z.strictObject({
  organizationId: z.number().int().positive().max(2_147_483_647).optional(),
});
export const closeMonthResultSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
});
