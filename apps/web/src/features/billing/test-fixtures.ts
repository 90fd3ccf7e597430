import type {
  BillingDetails,
  BillingPlans,
  BillingSummary,
  Budget,
  Credits,
  Invoice,
  InvoiceSummary,
} from '@alpenkube/contract/billing';
import type { PaymentGatewayInfo, PaymentMethod } from '@alpenkube/contract/payments';
import { json, type Route } from '@/test/test-utils';

/** The billing answers of an organization in March 2026; tests override what they are about. */
export const testSummary: BillingSummary = {
  currency: 'USD',
  creditBalance: 2_500,
  monthToDate: 41_250,
  forecast: 98_000,
  hourlyRunRate: 125,
  monthStart: '2026-03-01T00:00:00.000Z',
  monthEnd: '2026-04-01T00:00:00.000Z',
  nextRenewal: { at: '2026-03-20T10:00:00.000Z', amount: 45_000, description: 'Cluster prod-eu' },
  openInvoices: { count: 1, total: 12_345 },
  budget: { amount: 100_000, thresholds: [50, 80, 100] },
  orderingSuspended: null,
  overdueRenewals: [],
};

export const testCredits: Credits = {
  currency: 'USD',
  balance: 2_500,
  history: [
    {
      id: 3,
      kind: 'payment',
      amount: -1_000,
      balanceAfter: 2_500,
      description: 'Order ORD-000012',
      orderId: 12,
      invoiceId: null,
      createdAt: '2026-03-05T09:00:00.000Z',
    },
    {
      id: 2,
      kind: 'proration',
      amount: 3_500,
      balanceAfter: 3_500,
      description: 'Unused time of pool workers on prod-eu',
      orderId: null,
      invoiceId: null,
      createdAt: '2026-03-03T09:00:00.000Z',
    },
  ],
};

export const testPlans: BillingPlans = {
  current: 'basic',
  billingCycle: 'monthly',
  renewsAt: null,
  plans: [
    {
      slug: 'basic',
      name: 'Basic',
      description: 'E-mail support in business hours.',
      priceMonthly: 0,
      priceYearly: 0,
      responseMinutes: { urgent: null, high: null, normal: 1440, low: 2880 },
      current: true,
    },
    {
      slug: 'business',
      name: 'Business',
      description: 'Around-the-clock support for production incidents.',
      priceMonthly: 49_900,
      priceYearly: 499_000,
      responseMinutes: { urgent: 60, high: 240, normal: 480, low: 1440 },
      current: false,
    },
  ],
};

export const testDetails: BillingDetails = {
  legalName: 'Example AG',
  address: 'Hauptstraße 1\n10115 Berlin',
  country: 'DE',
  vatNumber: 'DE123456789',
  email: 'billing@example.com',
  vatNumberCheck: { status: 'valid', checkedAt: '2026-03-01T10:00:00.000Z', registry: 'vies' },
  vatTreatment: 'reverse_charge',
  vatRateBasisPoints: 0,
};

export const testInvoice: Invoice = {
  id: 9,
  number: 'INV-2026-000009',
  periodStart: '2026-02-01T00:00:00.000Z',
  periodEnd: '2026-03-01T00:00:00.000Z',
  issuedAt: '2026-03-01T00:05:00.000Z',
  status: 'open',
  currency: 'USD',
  subtotal: 10_000,
  tax: 2_000,
  total: 12_000,
  prepaid: 9_000,
  amountDue: 3_000,
  lines: [
    {
      kind: 'renewal',
      description: 'Cluster prod-eu, renewal',
      clusterId: 4,
      metric: null,
      quantity: 1,
      unit: 'period',
      amount: 9_000,
    },
    {
      kind: 'usage',
      description: 'prod-eu: Nodes',
      clusterId: 4,
      metric: 'node_hours',
      quantity: 120.5,
      unit: 'node-hours',
      amount: 1_000,
    },
  ],
  vatRateBasisPoints: 2000,
  vatTreatment: 'standard',
  taxNote: null,
  seller: {
    name: 'Alpenkube SAS',
    address: '12 rue Félix Poulat\n38000 Grenoble\nFrance',
    country: 'FR',
    vatNumber: 'FR61912345678',
    email: 'billing@alpenkube.eu',
  },
  billedTo: {
    name: 'Example AG',
    address: 'Hauptstraße 1',
    country: 'DE',
    vatNumber: null,
    email: 'billing@example.com',
  },
  paidAt: null,
  creditApplied: 0,
  cardCharged: 0,
  paymentError: 'Your card was declined.',
  voidedAt: null,
  voidReason: null,
  creditNote: null,
};

export const invoiceSummaryOf = ({ id, number, periodStart, periodEnd, issuedAt, status, currency, subtotal, tax, total, prepaid, amountDue, creditNote }: Invoice): InvoiceSummary => ({ id, number, periodStart, periodEnd, issuedAt, status, currency, subtotal, tax, total, prepaid, amountDue, creditNote: creditNote ? { id: creditNote.id, number: creditNote.number } : null }); // prettier-ignore

export const testBudget: Budget = {
  amount: 100_000,
  thresholds: [50, 80, 100],
  alerts: [{ threshold: 50, at: '2026-03-10T08:00:00.000Z' }],
};

export const testGateway: PaymentGatewayInfo = {
  gateway: 'test',
  testMode: true,
  tokenizeUrl: '/test-gateway/v1/tokens',
  testCards: [{ number: '4242424242424242', brand: 'Visa', behaviour: 'Succeeds' }],
};

export const testCard: PaymentMethod = {
  id: 11,
  brand: 'Visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  isDefault: true,
  gateway: 'test',
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** Every GET of the billing page, answered with the fixtures above. */
export const billingRoutes = (): Record<string, Route> => ({
  'GET /api/billing/summary': () => json(testSummary),
  'GET /api/billing/credits': () => json(testCredits),
  'GET /api/billing/plans': () => json(testPlans),
  'GET /api/billing/details': () => json(testDetails),
  'GET /api/billing/invoices': () => json([invoiceSummaryOf(testInvoice)]),
  'GET /api/billing/invoices/9': () => json(testInvoice),
  'GET /api/billing/budget': () => json(testBudget),
  'GET /api/billing/payment-methods': () => json([testCard]),
  'GET /api/billing/gateway': () => json(testGateway),
  'GET /api/version/summary': () => json({ displayVersion: 'v1.5.0', environment: 'production' }),
});
