import { and, desc, eq, sql } from 'drizzle-orm';
import type { MailPreferences, Notification, NotificationType } from '@alpenkube/contract';
import { notifications } from './schema.ts';
import { mailPreferencesOf, saveMailPreferences } from './mail-preferences.ts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { publishPush } from '../realtime/index.ts';
import { createOwnerCache } from '../../lib/owner-cache.ts';

/** Created, read, all read or trashed: carries the user id, so every instance drops its copy. */
export const NOTIFICATIONS_CHANGED_CHANNEL = 'notifications_changed';
/** The list answers the newest ones; the bell shows 5 and then 10 more per click. */
const LIST_LIMIT = 200;

type Row = typeof notifications.$inferSelect;

export function toNotification(row: Row): Notification {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    read: row.read,
    trash: row.trash,
  };
}

/**
 * Writes a notification and, in the same transaction, its push to the user's sockets and the
 * invalidation of every instance's cached list: both go out only once it really exists.
 */
export async function createNotification(
  db: DbOrTx,
  userId: number,
  type: NotificationType,
  message: string,
): Promise<Notification> {
  const [row] = await db.insert(notifications).values({ userId, type, message }).returning();
  const notification = toNotification(row!);
  await publishPush(db, { userId }, { type: 'notification', userId, notification });
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANGED_CHANNEL}, ${String(userId)})`);
  return notification;
}

const ownedBy = (userId: number, id: number) =>
  and(eq(notifications.id, id), eq(notifications.userId, userId));

export function createNotificationService(database: Database) {
  const { db } = database;
  // The list and unread count the bell polls every 10 s, per user, until they change.
  const cache = createOwnerCache<{ list: Notification[]; unread: number }>();
  // The two calls the bell polls every 10 s: built and planned once, not per request.
  const listQuery = db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.trash, false)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIST_LIMIT)
    .prepare('notifications_list');
  const unreadQuery = db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, sql.placeholder('userId')),
        eq(notifications.read, false),
        eq(notifications.trash, false),
      ),
    )
    .prepare('notifications_unread_count');

  /** Runs a change of the user's notifications and tells every instance's cache. */
  async function change<T>(userId: number, run: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const value = await run(tx);
      await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANGED_CHANNEL}, ${String(userId)})`);
      return value;
    });
    // This instance answers its next read fresh even before its own NOTIFY comes back.
    cache.invalidate(userId);
    return result;
  }

  return {
    /** Which kinds of notice the person also gets by mail. */
    mailPreferences: (userId: number) => mailPreferencesOf(db, userId),
    saveMailPreferences: (userId: number, preferences: MailPreferences) =>
      saveMailPreferences(db, userId, preferences),
    /**
     * Listens for changes made by any instance; answers the unsubscribe. Changes published while
     * the LISTEN connection was down are lost, so a reconnect empties the cache.
     */
    async start() {
      const onChanged = await database.listen(NOTIFICATIONS_CHANGED_CHANNEL, (payload) =>
        cache.invalidate(Number(payload)),
      );
      const unwatch = database.onReconnect(() => cache.clear());
      return async () => {
        unwatch();
        await onChanged();
      };
    },

    create: (userId: number, type: NotificationType, message: string) =>
      db.transaction((tx) => createNotification(tx, userId, type, message)),

    list: (userId: number): Promise<Notification[]> =>
      cache.read(userId, 'list', async () =>
        (await listQuery.execute({ userId })).map(toNotification),
      ),

    unreadCount: (userId: number): Promise<number> =>
      cache.read(userId, 'unread', async () => {
        const [row] = await unreadQuery.execute({ userId });
        return row?.count ?? 0;
      }),

    markRead: (userId: number, id: number): Promise<Notification> =>
      change(userId, async (tx) => {
        const [row] = await tx
          .update(notifications)
          .set({ read: true })
          .where(ownedBy(userId, id))
          .returning();
        if (!row) throw notFound('Notification not found');
        return toNotification(row);
      }),

    markAllRead: (userId: number): Promise<number> =>
      change(userId, async (tx) => {
        const rows = await tx
          .update(notifications)
          .set({ read: true })
          .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
          .returning({ id: notifications.id });
        return rows.length;
      }),

    trash: (userId: number, id: number): Promise<Notification> =>
      change(userId, async (tx) => {
        const [row] = await tx
          .update(notifications)
          .set({ trash: true })
          .where(ownedBy(userId, id))
          .returning();
        if (!row) throw notFound('Notification not found');
        return toNotification(row);
      }),
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
