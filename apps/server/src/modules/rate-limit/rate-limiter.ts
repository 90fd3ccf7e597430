import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { rateLimitEvents } from './schema.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { JobRunner } from '../../jobs/job-queue.ts';

export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, { 'retry-after': String(retryAfterSeconds) });
  }
}

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
  message: string;
}

/** A limit that grows with each failure instead of blocking: the owner waits, never is shut out. */
export interface BackoffRule {
  bucket: string;
  /** Failures answered at once; after these, each attempt waits 2, 4, 8… seconds. */
  freeFailures: number;
  maxDelaySeconds: number;
  /** How long a failure counts; rate-limit events are pruned after a day anyway. */
  windowMs: number;
  /** `{wait}` becomes "N seconds" or "N minutes". */
  message: string;
}

export const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_DAY = 24 * 60 * 60 * 1000;

/**
 * Wrong passwords for one account from one address. Keyed by the pair, so an attacker slows down
 * only their own tries: the owner signs in from anywhere else at once.
 */
export const passwordBackoffRule: BackoffRule = {
  bucket: 'sign-in-failure',
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
  windowMs: ONE_DAY,
  message: 'Too many failed sign-in attempts for this account. Try again in {wait}.',
};

/** Wrong second-factor codes for one account from one address: the same growing delay. */
export const secondFactorBackoffRule: BackoffRule = {
  ...passwordBackoffRule,
  bucket: 'second-factor-failure',
  message: 'Too many wrong authentication codes. Try again in {wait}.',
};

/**
 * Failed sign-ins (password or code) from one address across every account: stops spraying one
 * password over many accounts, and is high enough for an office behind one NAT.
 */
export const signInSprayRule: RateLimitRule = {
  bucket: 'sign-in-failure-ip',
  limit: 100,
  windowMs: FIFTEEN_MINUTES,
  message: 'Too many failed sign-in attempts from your network. Try again in {minutes} minutes.',
};

/**
 * Wrong bearer tokens (API tokens, Kubernetes API credentials) from one address: the sign-in's
 * growing delay, keyed by the address alone, as a token names no account.
 */
export const bearerTokenBackoffRule: BackoffRule = {
  ...passwordBackoffRule,
  bucket: 'bearer-token-failure',
  message: 'Too many requests with a wrong token from your network. Try again in {wait}.',
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

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts events per key in a sliding window, in the database so that every instance behind a
 * proxy sees the same counts.
 */
const PRUNE_EVERY_MS = 10 * 60_000;

/** Counts in the database; registers its own upkeep (pruning old events) with the job runner. */
export function createRateLimiter(db: Db, jobs: JobRunner) {
  const limiter = {
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

    /**
     * Throws 429 while the key's latest failure is younger than its delay: none for the first
     * `freeFailures`, then 2^k seconds for the k-th one after them, up to `maxDelaySeconds`.
     */
    async checkBackoff(rule: BackoffRule, key: string): Promise<void> {
      const [row] = await db
        .select({
          failures: sql<number>`count(*)::int`,
          latest: sql<string | null>`max(${rateLimitEvents.at})`,
        })
        .from(rateLimitEvents)
        .where(
          and(
            eq(rateLimitEvents.bucket, rule.bucket),
            eq(rateLimitEvents.key, key),
            gt(rateLimitEvents.at, new Date(Date.now() - rule.windowMs)),
          ),
        );
      const failures = row?.failures ?? 0;
      if (!row?.latest || failures < rule.freeFailures) return;
      const delaySeconds = Math.min(2 ** (failures - rule.freeFailures + 1), rule.maxDelaySeconds);
      const readyAt = new Date(row.latest).getTime() + delaySeconds * 1000;
      const seconds = Math.ceil((readyAt - Date.now()) / 1000);
      if (seconds <= 0) return;
      throw new RateLimitedError(rule.message.replace('{wait}', describeWait(seconds)), seconds);
    },

    async record(rule: { bucket: string }, keys: string[]): Promise<void> {
      await db.insert(rateLimitEvents).values(keys.map((key) => ({ bucket: rule.bucket, key })));
    },

    /** Forgets the keys' events: a success ends the delay that failures built up. */
    async clear(rule: { bucket: string }, keys: string[]): Promise<void> {
      await db
        .delete(rateLimitEvents)
        .where(and(eq(rateLimitEvents.bucket, rule.bucket), inArray(rateLimitEvents.key, keys)));
    },

    /** Forgets events older than a day; the job runner calls it every 10 minutes. */
    async prune(): Promise<void> {
      await db
        .delete(rateLimitEvents)
        .where(lt(rateLimitEvents.at, new Date(Date.now() - 86_400_000)));
    },
  };
  jobs.every(PRUNE_EVERY_MS, 'prune rate-limit events', () => limiter.prune());
  return limiter;
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * A rate limit counted in this instance's memory, in fixed windows: for public calls that are
 * pure computation (a quote), where a database read and write per call would cost more than
 * the answer. Each instance counts alone, so N instances allow N times the limit: enough to
 * stop a client from flooding one, which is what such a limit is for.
 */
export function createMemoryRateLimiter(maxKeys = 50_000) {
  const windows = new Map<string, { startedAt: number; hits: number }>();

  function forgetExpired(now: number, windowMs: number) {
    for (const [key, window] of windows) {
      if (now - window.startedAt >= windowMs) windows.delete(key);
    }
  }

  return {
    /** Counts a call of the key; throws 429 when it goes past the rule's limit in its window. */
    hit(rule: RateLimitRule, key: string): void {
      const now = Date.now();
      const bucketKey = `${rule.bucket}:${key}`;
      let window = windows.get(bucketKey);
      if (!window || now - window.startedAt >= rule.windowMs) {
        if (windows.size >= maxKeys) forgetExpired(now, rule.windowMs);
        // Still full (many addresses in one window): the oldest window goes, so memory stays bounded.
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        window = { startedAt: now, hits: 0 };
        windows.set(bucketKey, window);
      }
      window.hits += 1;
      if (window.hits <= rule.limit) return;
      const seconds = Math.max(1, Math.ceil((window.startedAt + rule.windowMs - now) / 1000));
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw new RateLimitedError(rule.message.replace('{minutes}', String(minutes)), seconds);
    },
  };
}
export type MemoryRateLimiter = ReturnType<typeof createMemoryRateLimiter>;
