import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { creditNoteNumberCounters, invoiceNumberCounters } from './schema.ts';

/**
 * The next place, from 1, in a year's gapless series (invoices, credit notes): the year's
 * counter row stays locked until the transaction ends, so one that rolls back gives its place
 * back, and two issuing at once wait for each other only for the rest of the transaction.
 */
export async function nextInSeries(
  tx: Tx,
  counters: typeof invoiceNumberCounters | typeof creditNoteNumberCounters,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: counters.year, set: { last: sql`${counters.last} + 1` } })
    .returning({ last: counters.last });
  return Number(row!.last);
}
