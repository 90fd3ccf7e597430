import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client.ts';
import { meteringCursors } from '../../src/db/schema.ts';

/** Sets how far metering has come with a cluster; `null`: never metered. */
export async function setMeteredThrough(db: DbOrTx, clusterId: number, at: Date | null) {
  if (!at) {
    await db.delete(meteringCursors).where(eq(meteringCursors.clusterId, clusterId));
    return;
  }
  await db
    .insert(meteringCursors)
    .values({ clusterId, meteredThrough: at })
    .onConflictDoUpdate({ target: meteringCursors.clusterId, set: { meteredThrough: at } });
}

/** How far metering has come with a cluster; `null` until its first hours. */
export async function meteredThroughOf(db: DbOrTx, clusterId: number): Promise<Date | null> {
  const [cursor] = await db
    .select({ at: meteringCursors.meteredThrough })
    .from(meteringCursors)
    .where(eq(meteringCursors.clusterId, clusterId));
  return cursor?.at ?? null;
}
