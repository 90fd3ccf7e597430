import {
  bearerTokenBackoffRule,
  describeWait,
  RateLimitedError,
  type RateLimiter,
} from './rate-limiter.ts';

/**
 * What a lookup answers for a real token that may not be used now (its cluster is stopped, its
 * holder lost the right): refused like a wrong one, but no guess, so it does not slow the
 * address down (a script polling a cluster until it is up must not lock itself out).
 */
export const KNOWN_TOKEN_REFUSED = Symbol('known token refused');

/** Addresses remembered as waiting; past this, expired ones go first, then the oldest. */
const MAX_REMEMBERED = 10_000;

/**
 * Throttles wrong bearer tokens per address with the sign-in's back-off: five wrong tokens are
 * answered at once, then the address waits 2, 4, 8… seconds (at most 15 minutes) after each
 * one, every request with a token answering 429 with Retry-After meanwhile. The failures are
 * counted in the database, so the delay grows whichever instance they reach; the wait itself is
 * kept in this instance's memory, so a flood from a waiting address costs no query at all, and a
 * right token from any other address costs none more than before.
 */
export function createBearerTokenThrottle(rateLimit: RateLimiter) {
  const waitingUntil = new Map<string, number>();

  function remember(key: string, until: number) {
    if (waitingUntil.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [other, end] of waitingUntil) if (end <= now) waitingUntil.delete(other);
      if (waitingUntil.size >= MAX_REMEMBERED)
        waitingUntil.delete(waitingUntil.keys().next().value!);
    }
    waitingUntil.set(key, until);
  }

  function refuseWhileWaiting(key: string) {
    const until = waitingUntil.get(key);
    if (until === undefined) return;
    const seconds = Math.ceil((until - Date.now()) / 1000);
    if (seconds <= 0) {
      waitingUntil.delete(key);
      return;
    }
    throw new RateLimitedError(
      bearerTokenBackoffRule.message.replace('{wait}', describeWait(seconds)),
      seconds,
    );
  }

  async function failed(key: string) {
    await rateLimit.record(bearerTokenBackoffRule, [key]);
    try {
      await rateLimit.checkBackoff(bearerTokenBackoffRule, key);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      remember(key, Date.now() + error.retryAfterSeconds * 1000);
    }
  }

  return {
    /**
     * Resolves a bearer token sent from `ip`: refused with 429 while the address waits; a
     * token `resolve` answers null for (no such token) counts as a failure of the address.
     */
    async resolve<T>(
      ip: string | null,
      resolve: () => Promise<T | null | typeof KNOWN_TOKEN_REFUSED>,
    ): Promise<T | null> {
      const key = `ip:${ip ?? 'unknown'}`;
      refuseWhileWaiting(key);
      const resolved = await resolve();
      if (resolved === KNOWN_TOKEN_REFUSED) return null;
      if (resolved === null) await failed(key);
      return resolved;
    },
  };
}
export type BearerTokenThrottle = ReturnType<typeof createBearerTokenThrottle>;
