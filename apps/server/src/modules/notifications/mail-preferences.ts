import { and, eq, inArray, sql } from 'drizzle-orm';
import { mailCategories, type MailCategory, type MailPreferences } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { mailPreferences } from './schema.ts';

/** The person's choices: every category on unless they turned it off. */
export async function mailPreferencesOf(db: DbOrTx, userId: number): Promise<MailPreferences> {
  const [row] = await db
    .select({ muted: mailPreferences.muted })
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId));
  const muted = new Set(row?.muted ?? []);
  return Object.fromEntries(
    mailCategories.map((category) => [category, !muted.has(category)]),
  ) as MailPreferences;
}

export async function saveMailPreferences(
  db: DbOrTx,
  userId: number,
  preferences: MailPreferences,
): Promise<MailPreferences> {
  const muted = mailCategories.filter((category) => !preferences[category]);
  await db
    .insert(mailPreferences)
    .values({ userId, muted })
    .onConflictDoUpdate({
      target: mailPreferences.userId,
      set: { muted, updatedAt: sql`now()` },
    });
  return mailPreferencesOf(db, userId);
}

/** Of these people, those who turned the category's mails off. */
export async function mutedAmong(
  db: DbOrTx,
  userIds: number[],
  category: MailCategory,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: mailPreferences.userId })
    .from(mailPreferences)
    .where(
      and(
        inArray(mailPreferences.userId, userIds),
        sql`${category} = any(${mailPreferences.muted})`,
      ),
    );
  return new Set(rows.map((row) => row.userId));
}
