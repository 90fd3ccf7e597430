import { and, desc, eq, sql } from 'drizzle-orm';
import type { Notification, NotificationType } from '@alpenkube/contract';
import { notifications } from '../../db/schema.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';

export const NOTIFICATION_CHANNEL = 'notification_created';
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
 * Writes a notification and, in the same transaction, a NOTIFY that every instance hears once
 * it commits: the push goes out only for notifications that really exist.
 */
export async function createNotification(
  db: DbOrTx,
  userId: number,
  type: NotificationType,
  message: string,
): Promise<Notification> {
  const [row] = await db.insert(notifications).values({ userId, type, message }).returning();
  const notification = toNotification(row!);
  await db.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify({ userId, notification })})`,
  );
  return notification;
}

const ownedBy = (userId: number, id: number) =>
  and(eq(notifications.id, id), eq(notifications.userId, userId));

export function createNotificationService(db: Db) {
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

  return {
    create: (userId: number, type: NotificationType, message: string) =>
      db.transaction((tx) => createNotification(tx, userId, type, message)),

    async list(userId: number): Promise<Notification[]> {
      return (await listQuery.execute({ userId })).map(toNotification);
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await unreadQuery.execute({ userId });
      return row?.count ?? 0;
    },

    async markRead(userId: number, id: number): Promise<Notification> {
      const [row] = await db
        .update(notifications)
        .set({ read: true })
        .where(ownedBy(userId, id))
        .returning();
      if (!row) throw notFound('Notification not found');
      return toNotification(row);
    },

    async markAllRead(userId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async trash(userId: number, id: number): Promise<Notification> {
      const [row] = await db
        .update(notifications)
        .set({ trash: true })
        .where(ownedBy(userId, id))
        .returning();
      if (!row) throw notFound('Notification not found');
      return toNotification(row);
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
