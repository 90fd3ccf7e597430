import type { supportPlans } from './schema.ts';

type SupportPlanRow = Omit<typeof supportPlans.$inferInsert, 'id'>;

/**
 * The support plans, from the least to the most support (tickets rank plans by this order).
 * Migration 0005 seeded them; the code is the source since the descriptions must say only what
 * the ticket rules do (docs/catalog-claims.md). Response targets in minutes; null where the plan
 * does not cover the severity. Prices in USD cents, a year costing ten months.
 */
export const SUPPORT_PLAN_CATALOG: SupportPlanRow[] = [
  {
    slug: 'basic',
    name: 'Basic',
    description:
      'Tickets from the portal with response targets: a day for normal ones, two for low ones.',
    responseMinutes: { urgent: null, high: null, normal: 1440, low: 2880 },
    priceMonthlyCents: 0,
    priceYearlyCents: 0,
    sortOrder: 1,
  },
  {
    slug: 'business',
    name: 'Business',
    description:
      'Tickets with round-the-clock response targets: an hour for urgent ones, four hours for high ones.',
    responseMinutes: { urgent: 60, high: 240, normal: 480, low: 1440 },
    priceMonthlyCents: 49900,
    priceYearlyCents: 499000,
    sortOrder: 2,
  },
  {
    slug: 'enterprise',
    name: 'Enterprise',
    description:
      'The fastest response targets, day and night: 15 minutes for urgent tickets, an hour for high ones.',
    responseMinutes: { urgent: 15, high: 60, normal: 240, low: 480 },
    priceMonthlyCents: 249900,
    priceYearlyCents: 2499000,
    sortOrder: 3,
  },
];
