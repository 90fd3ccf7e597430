/**
 * The database schema, one file per domain in ./schema/. Everything imports tables from here;
 * drizzle-kit reads this file to generate migrations.
 */
export * from './schema/accounts.ts';
export * from './schema/notifications.ts';
export * from './schema/catalog.ts';
export * from './schema/clusters.ts';
export * from './schema/orders.ts';
export * from './schema/audit.ts';
export * from './schema/mail.ts';
export * from './schema/jobs.ts';
export * from './schema/rate-limits.ts';
export * from './schema/leads.ts';
export * from './schema/products.ts';
export * from './schema/support.ts';
export * from './schema/billing.ts';
export * from './schema/usage-rollups.ts';
