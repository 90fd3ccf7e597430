import { Readable } from 'node:stream';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { supportAttachments } from './schema.ts';
import type { FileStore } from '../../files/file-store.ts';

const ROWS_PER_TRANSACTION = 20;
/** Bytes read per query: a legacy file is never read whole. */
const SLICE_BYTES = 1024 * 1024;
const WAIT_FOR_OTHERS_MS = 500;

/** A row's bytes, a slice per query. */
function bytesOf(tx: DbOrTx, id: number, sizeBytes: number): Readable {
  return Readable.from(
    (async function* () {
      for (let from = 0; from < sizeBytes; from += SLICE_BYTES) {
        const [slice] = await tx
          .select({
            bytes: sql<
              Buffer | Uint8Array
            >`substring(${supportAttachments.data} from ${from + 1}::int for ${SLICE_BYTES}::int)`,
          })
          .from(supportAttachments)
          .where(eq(supportAttachments.id, id));
        if (slice) yield Buffer.from(slice.bytes);
      }
    })(),
  );
}

/**
 * Moves attachments kept in the database (before the file store) into the store, at start and
 * before serving: a batch of rows per transaction, each row locked (`SKIP LOCKED`) so that
 * instances starting together share the work. A row's key comes from its id, so a move cut off
 * by a crash is simply done again. Returns once no row is left, waiting for rows another
 * instance is moving.
 */
export async function moveAttachmentsToFileStore(db: Db, store: FileStore): Promise<number> {
  let moved = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: supportAttachments.id, sizeBytes: supportAttachments.sizeBytes })
        .from(supportAttachments)
        .where(isNull(supportAttachments.storageKey))
        .orderBy(asc(supportAttachments.id))
        .limit(ROWS_PER_TRANSACTION)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const storageKey = `attachments/moved/${row.id}`;
        await store.put(storageKey, bytesOf(tx, row.id, row.sizeBytes), {
          maxBytes: row.sizeBytes,
        });
        await tx
          .update(supportAttachments)
          .set({ storageKey, data: null })
          .where(eq(supportAttachments.id, row.id));
      }
      return rows.length;
    });
    moved += count;
    if (count > 0) continue;
    const [left] = await db
      .select({ id: supportAttachments.id })
      .from(supportAttachments)
      .where(isNull(supportAttachments.storageKey))
      .limit(1);
    if (!left) return moved;
    await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_OTHERS_MS));
  }
}
