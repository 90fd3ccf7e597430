import { gte, lt, lte, sql, type Column } from 'drizzle-orm';
import { millicentsToCents } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { usageDaily, usageRecords } from './schema.ts';
import { clustersDueForMetering } from './due-clusters.ts';
import { addHours, hourStart } from './usage-hours.ts';
import type { BillingReads } from './billing-reads.ts';
import { paidOrderCents } from '../orders/index.ts';

/** The UTC calendar month `at` falls in: its first instant, and the first of the next month. */
export function monthOf(at: Date): { start: Date; end: Date; key: string } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end, key: start.toISOString().slice(0, 7) };
}

const sumOf = (column: Column) => sql<string>`coalesce(sum(${column}), 0)`;

/**
 * The organization's spend in the month of `now`, to `now`: the orders paid in it, the renewals
 * paid in it, and the metered cost of its hours metered so far (from the daily rollup).
 */
export async function monthToDate(
  db: DbOrTx,
  reads: Pick<BillingReads, 'paidRenewalCents'>,
  organizationId: number,
  now: Date,
) {
  const month = monthOf(now);
  const [ordered, renewed, [metered]] = await Promise.all([
    paidOrderCents(db, organizationId, { ...month, now }),
    reads.paidRenewalCents(db, organizationId, { ...month, now }),
    db
      .select({ millicents: sumOf(usageDaily.costMillicents) })
      .from(usageDaily)
      .where(
        inOrganization(
          usageDaily,
          organizationId,
          gte(usageDaily.day, month.start.toISOString().slice(0, 10)),
          lt(usageDaily.day, month.end.toISOString().slice(0, 10)),
        ),
      ),
  ]);
  const orderCents = ordered;
  const renewalCents = renewed;
  const usageCents = millicentsToCents(Number(metered!.millicents));
  return {
    month,
    orders: orderCents,
    renewals: renewalCents,
    usage: usageCents,
    total: orderCents + renewalCents + usageCents,
  };
}

/**
 * The metered cost of the last hour that has ended, in cents. Metering writes an hour within a
 * minute of its end: until every cluster of the organization has it, the hour before stands in.
 */
export async function hourlyRunRate(
  db: DbOrTx,
  organizationId: number,
  now: Date,
): Promise<number> {
  const last = addHours(hourStart(now), -1);
  const [hours, [lagging]] = await Promise.all([
    db
      .select({ hour: usageRecords.hour, millicents: sumOf(usageRecords.costMillicents) })
      .from(usageRecords)
      .where(
        inOrganization(
          usageRecords,
          organizationId,
          gte(usageRecords.hour, addHours(last, -1)),
          lte(usageRecords.hour, last),
        ),
      )
      .groupBy(usageRecords.hour),
    // A cluster alive through the hour that metering has not written it for yet.
    db
      .execute<{ id: number }>(
        sql`select due.id from (${clustersDueForMetering(addHours(last, 1))}) due
          where due.organization_id = ${organizationId} and due.created_at < ${last}
            and (due.deleted_at is null or due.deleted_at > ${last})
          limit 1`,
      )
      .then((result) => result.rows),
  ]);
  const hour = lagging ? addHours(last, -1) : last;
  const row = hours.find((candidate) => candidate.hour.getTime() === hour.getTime());
  return millicentsToCents(Number(row?.millicents ?? 0));
}
