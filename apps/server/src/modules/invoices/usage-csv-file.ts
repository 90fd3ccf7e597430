import crypto from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from './schema.ts';
import type { FileStore } from '../../files/file-store.ts';
import { billedResourcesOf } from '../clusters/index.ts';
import { billedUsagePage } from '../usage/index.ts';
import { USAGE_CSV_HEADER, usageCsvLines, type UsageCsvRow } from './invoice-csv.ts';

/** Records read per query while the file is written. */
const BATCH_ROWS = 2_000;
const HOUR_MS = 3_600_000;
/** Far above a year of hourly usage of a large organization; a guard, not a limit. */
const MAX_CSV_BYTES = 1024 * 1024 * 1024;

type InvoiceRow = typeof invoices.$inferSelect;

const fileKey = (invoiceId: number) => `invoices/${invoiceId}/usage.csv`;

/** The invoice's usage as CSV text, a batch of records per query (keyset over the file's order). */
async function* csvText(db: Db, invoice: InvoiceRow): AsyncGenerator<string> {
  yield `${USAGE_CSV_HEADER}\r\n`;
  let after: Parameters<typeof billedUsagePage>[2];
  for (;;) {
    const page = await billedUsagePage(db, invoice, after, BATCH_ROWS);
    if (page.length === 0) return;
    // The page is in hour order: its resources are loaded once for its hours.
    const resources = await billedResourcesOf(
      db,
      page.map((row) => row.clusterId),
      page[0]!.hour,
      new Date(page.at(-1)!.hour.getTime() + HOUR_MS),
    );
    const rows: UsageCsvRow[] = page.map((row) => ({
      ...row,
      resource: resources.describe(
        row.clusterId,
        row.metric,
        row.hour,
        new Date(row.hour.getTime() + HOUR_MS),
      ),
    }));
    yield usageCsvLines(rows);
    if (page.length < BATCH_ROWS) return;
    after = page.at(-1);
  }
}

/**
 * An issued invoice's usage CSV, written to the file store once (an invoice's records never
 * change once it is issued, and a void keeps them) and served from there as a stream with a
 * strong ETag, its SHA-256. Writes of one invoice asked for at once on one instance share one
 * write; instances writing it together write the same bytes under the same key.
 */
export function createUsageCsvFiles(db: Db, store: FileStore) {
  const writing = new Map<number, Promise<string>>();

  async function write(invoice: InvoiceRow): Promise<string> {
    const hash = crypto.createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const source = Readable.from(csvText(db, invoice)).pipe(hashing);
    await store.put(fileKey(invoice.id), source, { maxBytes: MAX_CSV_BYTES });
    const sha256 = hash.digest('hex');
    await db
      .update(invoices)
      .set({ usageCsvSha256: sha256 })
      .where(
        invoice.usageCsvSha256
          ? eq(invoices.id, invoice.id)
          : and(eq(invoices.id, invoice.id), isNull(invoices.usageCsvSha256)),
      );
    return sha256;
  }

  function writeOnce(invoice: InvoiceRow): Promise<string> {
    let pending = writing.get(invoice.id);
    if (!pending) {
      pending = write(invoice).finally(() => writing.delete(invoice.id));
      writing.set(invoice.id, pending);
    }
    return pending;
  }

  return {
    /** The file's strong ETag: its SHA-256, written first when it is not yet written. */
    async etag(invoice: InvoiceRow): Promise<string> {
      return `"${invoice.usageCsvSha256 ?? (await writeOnce(invoice))}"`;
    },

    /**
     * The written file's bytes as a stream. A file gone from the store (a database restored
     * without its files) is written again from the records.
     */
    async open(invoice: InvoiceRow) {
      const stored = await store.get(fileKey(invoice.id));
      if (stored) return stored;
      await writeOnce({ ...invoice, usageCsvSha256: invoice.usageCsvSha256 ?? '' });
      const rewritten = await store.get(fileKey(invoice.id));
      if (!rewritten) throw new Error(`The usage CSV of invoice ${invoice.id} was not kept`);
      return rewritten;
    },
  };
}
