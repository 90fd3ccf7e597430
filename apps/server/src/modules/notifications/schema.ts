import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { MailCategory } from '@alpenkube/contract';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['success', 'warning', 'error', 'system', 'info'] }).notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    trash: boolean('trash').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_list_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.trash} = false`),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.read} = false and ${t.trash} = false`),
  ],
);

/** The mail categories a person turned off; no row, every category is mailed. */
export const mailPreferences = pgTable('mail_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  muted: text('muted')
    .array()
    .$type<MailCategory[]>()
    .notNull()
    .default(sql`'{}'`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
