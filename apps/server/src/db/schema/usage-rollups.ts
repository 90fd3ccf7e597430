import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { usageMetrics } from '@alpenkube/contract';
import { organizations } from './accounts.ts';
import { clusters } from './clusters.ts';
import { meteredAmounts } from './columns.ts';

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
