/**
 * Every table, gathered from the schema file of the module that owns it
 * (`modules/<owner>/schema.ts`, the job queue's `jobs/schema.ts`). drizzle-kit reads this file
 * to generate migrations, the client types its queries with it, and tests may import any table
 * from it; application code imports a table from its owner's schema file, and only the owner
 * does (`npm run lint:imports`).
 */
export * from '../modules/api-tokens/schema.ts';
export * from '../modules/audit/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/billing/schema.ts';
export * from '../modules/clusters/schema.ts';
export * from '../modules/credits/schema.ts';
export * from '../modules/invoices/schema.ts';
export * from '../modules/leads/schema.ts';
export * from '../modules/mail/schema.ts';
export * from '../modules/members/schema.ts';
export * from '../modules/usage/schema.ts';
export * from '../modules/networks/schema.ts';
export * from '../modules/newsletter/schema.ts';
export * from '../modules/notifications/schema.ts';
export * from '../modules/officers/schema.ts';
export * from '../modules/orders/schema.ts';
export * from '../modules/organizations/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/platform/schema.ts';
export * from '../modules/products/schema.ts';
export * from '../modules/rate-limit/schema.ts';
export * from '../modules/sessions/schema.ts';
export * from '../modules/support/schema.ts';
export * from '../modules/users/schema.ts';
export * from '../jobs/schema.ts';
