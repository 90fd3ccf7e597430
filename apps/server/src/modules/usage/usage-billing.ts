import { asc, eq, isNull, lt, min, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusters } from '../clusters/schema.ts';
import { usageRecords } from './schema.ts';

/** The usage records a close bills: every record not yet billed that began before `until`. */
const unbilledUsage = (organizationId: number, until: Date) =>
  inOrganization(
    usageRecords,
    organizationId,
    isNull(usageRecords.invoiceId),
    lt(usageRecords.hour, until),
  );

/** The hour of the organization's first usage not yet billed, before `until`. */
export async function firstUnbilledUsageAt(
  db: DbOrTx,
  organizationId: number,
  until: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(usageRecords.hour) })
    .from(usageRecords)
    .where(unbilledUsage(organizationId, until));
  return row?.at ?? null;
}

/**
 * The usage an invoice bills, by cluster and metric: the sums (as decimal strings, exact) and
 * how many hourly records each group holds.
 */
export async function unbilledUsageByCluster(db: DbOrTx, organizationId: number, until: Date) {
  return db
    .select({
      clusterId: usageRecords.clusterId,
      metric: usageRecords.metric,
      quantityMilli: sql<string>`sum(${usageRecords.quantityMilli})`,
      costMillicents: sql<string>`sum(${usageRecords.costMillicents})`,
      records: sql<string>`count(*)`,
    })
    .from(usageRecords)
    .where(unbilledUsage(organizationId, until))
    .groupBy(usageRecords.clusterId, usageRecords.metric);
}

/** Marks the usage an invoice billed as billed by it; answers how many records that was. */
export async function markUsageBilled(
  tx: Tx,
  organizationId: number,
  until: Date,
  invoiceId: number,
): Promise<number> {
  // Counted in the database: a month's records are many, and only their number is wanted.
  const marked = await tx.execute<{ count: string }>(sql`
    with billed as (
      update usage_records set invoice_id = ${invoiceId}
      where organization_id = ${organizationId} and invoice_id is null and hour < ${until}
      returning 1
    )
    select count(*) as count from billed`);
  return Number(marked.rows[0]!.count);
}

/** Where a page of an invoice's usage starts: after this record, in the file's order. */
export interface BilledUsageCursor {
  hour: Date;
  clusterName: string;
  metric: string;
  clusterId: number;
}

/**
 * A page of the usage an invoice billed, with each record's cluster name, in the order of its
 * CSV file (hour, cluster name, metric, cluster), after `after` (a keyset, so each page is one
 * index range).
 */
export async function billedUsagePage(
  db: DbOrTx,
  invoice: { id: number; organizationId: number },
  after: BilledUsageCursor | undefined,
  limit: number,
) {
  return db
    .select({
      hour: usageRecords.hour,
      clusterId: usageRecords.clusterId,
      clusterName: clusters.name,
      metric: usageRecords.metric,
      quantityMilli: usageRecords.quantityMilli,
      billableMilli: usageRecords.billableMilli,
      costMillicents: usageRecords.costMillicents,
    })
    .from(usageRecords)
    .innerJoin(clusters, eq(clusters.id, usageRecords.clusterId))
    .where(
      inOrganization(
        usageRecords,
        invoice.organizationId,
        eq(usageRecords.invoiceId, invoice.id),
        after
          ? sql`(${usageRecords.hour}, ${clusters.name}, ${usageRecords.metric}, ${usageRecords.clusterId}) > (${after.hour.toISOString()}::timestamptz, ${after.clusterName}, ${after.metric}, ${after.clusterId})`
          : undefined,
      ),
    )
    .orderBy(
      asc(usageRecords.hour),
      asc(clusters.name),
      asc(usageRecords.metric),
      asc(usageRecords.clusterId),
    )
    .limit(limit);
}
