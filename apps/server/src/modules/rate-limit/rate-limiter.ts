import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { rateLimitEvents } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';

export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
  message: string;
}

export const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const signInRule: RateLimitRule = {
  bucket: 'sign-in-failure',
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
  message: 'Too many failed sign-in attempts. Try again in {minutes} minutes.',
};

export const mailRule: RateLimitRule = {
  bucket: 'mail',
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
  message: 'Too many e-mails requested. Try again in {minutes} minutes.',
};

export const publicFormRule: RateLimitRule = {
  bucket: 'public-form',
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
  message: 'Too many submissions from your network. Try again in {minutes} minutes.',
};

export const ticketLookupRule: RateLimitRule = {
  bucket: 'ticket-lookup-failure',
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
  message: 'Too many wrong tracking codes. Try again in {minutes} minutes.',
};

/**
 * Counts events per key in a sliding window, in the database so that every instance behind a
 * proxy sees the same counts.
 */
export function createRateLimiter(db: Db) {
  return {
    /** Throws 429 when any of the keys already reached the rule's limit in its window. */
    async check(rule: RateLimitRule, keys: string[]): Promise<void> {
      const since = new Date(Date.now() - rule.windowMs);
      const rows = await db
        .select({
          key: rateLimitEvents.key,
          hits: sql<number>`count(*)::int`,
          oldest: sql<string>`min(${rateLimitEvents.at})`,
        })
        .from(rateLimitEvents)
        .where(
          and(
            eq(rateLimitEvents.bucket, rule.bucket),
            inArray(rateLimitEvents.key, keys),
            gt(rateLimitEvents.at, since),
          ),
        )
        .groupBy(rateLimitEvents.key);
      const blocked = rows.filter((row) => row.hits >= rule.limit);
      if (blocked.length === 0) return;
      const freeAt = Math.max(
        ...blocked.map((row) => new Date(row.oldest).getTime() + rule.windowMs),
      );
      const seconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw new RateLimitedError(rule.message.replace('{minutes}', String(minutes)), seconds);
    },

    async record(rule: RateLimitRule, keys: string[]): Promise<void> {
      await db.insert(rateLimitEvents).values(keys.map((key) => ({ bucket: rule.bucket, key })));
    },

    /** Forgets events older than a day; the job runner calls it every 10 minutes. */
    async prune(): Promise<void> {
      await db
        .delete(rateLimitEvents)
        .where(lt(rateLimitEvents.at, new Date(Date.now() - 86_400_000)));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
