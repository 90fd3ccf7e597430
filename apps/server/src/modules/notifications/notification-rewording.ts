import { and, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notifications } from './schema.ts';

/**
 * Rewrites the start of the people's notifications that begin with `from` to `to`, keeping the
 * rest (an old wording that named someone who is gone, say).
 */
export async function rewordNotifications(
  tx: Tx,
  userIds: readonly number[],
  from: string,
  to: string,
) {
  if (!userIds.length) return;
  await tx
    .update(notifications)
    .set({ message: sql`${to} || substr(${notifications.message}, ${from.length + 1})` })
    .where(
      and(
        inArray(notifications.userId, [...userIds]),
        sql`left(${notifications.message}, ${from.length}) = ${from}`,
      ),
    );
}
