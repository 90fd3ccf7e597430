import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { paidOrderStatuses, type Invoice } from '@alpenkube/contract';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-queue.ts';
import { createSemaphore } from '../../lib/semaphore.ts';
import { clustersDueForMetering } from '../usage/index.ts';
import { startOfUtcMonth } from './invoice-totals.ts';
import { monthCloseClaims } from './schema.ts';

/** How often each instance looks for a month to close: a few minutes after midnight UTC at most. */
export const MONTH_CLOSE_EVERY_MS = 5 * 60_000;

const billedOrderStatuses = sql.raw(paidOrderStatuses.map((status) => `'${status}'`).join(', '));

/**
 * The organizations whose invoicing stops before `boundary` and that may have something to bill
 * before it: paid orders or renewals since their last invoice, usage not yet invoiced, or a
 * cluster not yet metered that far (which metering may turn into usage).
 */
async function organizationsToClose(db: Db, boundary: Date): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select o.id from organizations o
    left join lateral (
      select max(i.period_end) as last_end from invoices i where i.organization_id = o.id
    ) last on true
    where (last.last_end is null or last.last_end < ${boundary})
      and (
        exists (
          select 1 from orders r
          where r.organization_id = o.id and r.status in (${billedOrderStatuses})
            and r.paid_at < ${boundary} and (last.last_end is null or r.paid_at >= last.last_end)
        )
        or exists (
          select 1 from renewals r
          where r.organization_id = o.id and r.status = 'paid'
            and r.paid_at < ${boundary} and (last.last_end is null or r.paid_at >= last.last_end)
        )
        or exists (
          select 1 from usage_records u
          where u.organization_id = o.id and u.invoice_id is null and u.hour < ${boundary}
        )
        or exists (
          -- What metering would still meter before the boundary, by metering's own rule.
          select 1 from (${clustersDueForMetering(boundary)}) c
          where c.organization_id = o.id and c.created_at < ${boundary}
            and (c.deleted_at is null or last.last_end is null or c.deleted_at > last.last_end)
        )
      )
    order by o.id`);
  return result.rows.map((row) => Number(row.id));
}

/**
 * Organizations one pass closes at once: each close is a dozen transactions of round trips to
 * the database, which overlap; the invoice number's row, locked from the number to the commit,
 * is the one thing they queue on.
 */
const ORGANIZATIONS_SIDE_BY_SIDE = 4;

/**
 * A claim older than this was left by an instance that stopped while closing (one
 * organization's close takes seconds): another instance takes it over.
 */
const CLAIM_STALE_AFTER_MS = 10 * 60_000;

/**
 * Claims the organization's close for the pass `claimedBy`: false when another pass holds it,
 * and that one closes it (or, if it fails, releases it for the next run).
 */
async function claimClose(db: Db, organizationId: number, claimedBy: string): Promise<boolean> {
  const claimed = await db
    .insert(monthCloseClaims)
    .values({ organizationId, claimedBy })
    .onConflictDoUpdate({
      target: monthCloseClaims.organizationId,
      set: { claimedBy, claimedAt: sql`now()` },
      setWhere: lt(
        monthCloseClaims.claimedAt,
        sql`now() - ${`${CLAIM_STALE_AFTER_MS} milliseconds`}::interval`,
      ),
    })
    .returning({ organizationId: monthCloseClaims.organizationId });
  return claimed.length > 0;
}

async function releaseClose(db: Db, organizationId: number, claimedBy: string) {
  await db
    .delete(monthCloseClaims)
    .where(
      and(
        eq(monthCloseClaims.organizationId, organizationId),
        eq(monthCloseClaims.claimedBy, claimedBy),
      ),
    );
}

/**
 * The month-end close: a chore every instance runs (at start, then every few minutes). Once a
 * UTC month has ended, it meters and closes that month for each organization with something to
 * bill. Safe on every instance at once and after any crash: an organization whose invoices
 * reach the boundary is no longer looked at, and two closes of one period issue one invoice
 * (the unique organization and period start). Each organization is claimed while it is metered
 * and closed, so instances that run it at once share the organizations instead of each closing
 * every one. A pass closes a few organizations side by side, as metering meters a few clusters.
 */
export function registerMonthClose(
  jobs: JobRunner,
  deps: {
    db: Db;
    meter: (organizationId: number, until: Date) => Promise<void>;
    closeMonth: (organizationId: number, until: Date) => Promise<Invoice | null>;
  },
) {
  async function closeDueMonths(now = new Date()): Promise<Invoice[]> {
    const boundary = startOfUtcMonth(now);
    const issued: Invoice[] = [];
    const failures: unknown[] = [];
    const pass = randomUUID();
    const closeOne = async (organizationId: number) => {
      if (!(await claimClose(deps.db, organizationId, pass))) return;
      try {
        await deps.meter(organizationId, boundary);
        const invoice = await deps.closeMonth(organizationId, boundary);
        if (invoice) issued.push(invoice);
      } catch (error) {
        // One organization's failure does not hold the others back; the next run tries again.
        failures.push(error);
      } finally {
        // Not released (the database went away): the claim goes stale, and is taken over.
        await releaseClose(deps.db, organizationId, pass).catch((error: unknown) => {
          failures.push(error);
        });
      }
    };
    const sideBySide = createSemaphore(ORGANIZATIONS_SIDE_BY_SIDE);
    const due = await organizationsToClose(deps.db, boundary);
    await Promise.all(due.map((organizationId) => sideBySide(() => closeOne(organizationId))));
    if (failures.length) {
      throw new AggregateError(failures, `${failures.length} organizations' months did not close`);
    }
    return issued;
  }

  jobs.every(MONTH_CLOSE_EVERY_MS, 'close the months', async () => {
    await closeDueMonths();
  });
  return { closeDueMonths };
}
