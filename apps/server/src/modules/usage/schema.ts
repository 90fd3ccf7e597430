import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { usageMetrics } from '@alpenkube/contract';
import { createdAt, meteredAmounts, updatedAt } from '../../db/columns.ts';
import { clusters } from '../clusters/schema.ts';
import { organizations } from '../organizations/schema.ts';

/**
 * How far metering has come with a cluster: every hour before `metered_through` is metered
 * (usage_records). No row until its first hours are metered.
 */
export const meteringCursors = pgTable('metering_cursors', {
  clusterId: integer('cluster_id')
    .primaryKey()
    .references(() => clusters.id),
  meteredThrough: timestamp('metered_through', { withTimezone: true }).notNull(),
});

/**
 * One metered hour of one cluster's metric, written from its history. Unique per cluster,
 * metric and hour: metering again (a restart, a second instance) writes nothing twice.
 * Quantities are thousandths of a unit; costs millicents (thousandths of a cent).
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    metric: text('metric', { enum: usageMetrics }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...meteredAmounts(),
    /** The invoice that billed it: set once, when the month closes. */
    invoiceId: integer('invoice_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('usage_records_cluster_metric_hour_key').on(t.clusterId, t.metric, t.hour),
    index('usage_records_organization_hour_idx').on(t.organizationId, t.hour),
    // An invoice's usage CSV reads its records in order, once.
    index('usage_records_invoice_idx')
      .on(t.invoiceId, t.hour)
      .where(sql`${t.invoiceId} is not null`),
  ],
);

/**
 * The hourly records summed per cluster, metric and UTC day, kept in the transaction that
 * writes the hours: usage over a year reads at most 366 rows per cluster and metric.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    metric: text('metric', { enum: usageMetrics }).notNull(),
    day: text('day').notNull(),
    ...meteredAmounts(),
  },
  (t) => [
    primaryKey({ columns: [t.clusterId, t.metric, t.day] }),
    index('usage_daily_organization_day_idx').on(t.organizationId, t.day),
  ],
);

/** A monthly spending limit and the percentages of it that alert the admins. */
export const budgets = pgTable('budgets', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  thresholds: jsonb('thresholds').$type<number[]>().notNull(),
  updatedAt: updatedAt(),
});

/** An alert sent: once per organization, month and threshold, whichever instance saw it first. */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    month: text('month').notNull(),
    threshold: integer('threshold').notNull(),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.threshold] })],
);

/**
 * The hourly records summed per cluster, metric and UTC month ('2026-11'), kept with
 * usage_daily in the statement that writes the hours: usage by cluster over a year reads its
 * whole months here and only the days of the months it starts and ends in from usage_daily.
 */
export const usageMonthly = pgTable(
  'usage_monthly',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    metric: text('metric', { enum: usageMetrics }).notNull(),
    month: text('month').notNull(),
    ...meteredAmounts(),
  },
  (t) => [
    primaryKey({ columns: [t.clusterId, t.metric, t.month] }),
    index('usage_monthly_organization_month_idx').on(t.organizationId, t.month),
  ],
);

/**
 * The hourly records summed over all the organization's clusters per metric and UTC day, kept
 * in the same statement: usage by day or by metric over a year reads 366 rows per metric, however
 * many clusters ran.
 */
export const usageOrganizationDaily = pgTable(
  'usage_organization_daily',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    day: text('day').notNull(),
    metric: text('metric', { enum: usageMetrics }).notNull(),
    ...meteredAmounts(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.metric] })],
);
