import { type BackoffRule, type RateLimiter, signInSprayRule } from '../rate-limit/index.ts';

/**
 * The limits on guessing one secret (a password or a second-factor code) of one account:
 * a growing delay per account and address, so hammering an account slows down only the
 * hammering address, and a ceiling per address across every account against spraying.
 */
export function signInLimits(
  rateLimit: RateLimiter,
  rule: BackoffRule,
  account: string,
  ip: string | null,
) {
  const addressKey = `ip:${ip ?? 'unknown'}`;
  const pairKey = `${account}|${addressKey}`;
  return {
    /** Throws 429 with Retry-After when this attempt has to wait. */
    async check() {
      await rateLimit.check(signInSprayRule, [addressKey]);
      await rateLimit.checkBackoff(rule, pairKey);
    },
    async failed() {
      await rateLimit.record(rule, [pairKey]);
      await rateLimit.record(signInSprayRule, [addressKey]);
    },
    /** The right secret ends the delay for this address; the spray count stays. */
    succeeded: () => rateLimit.clear(rule, [pairKey]),
  };
}
