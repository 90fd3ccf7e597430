/** The rate-limit module's public surface: other modules and the app import only this file. */
export {
  type BearerTokenThrottle,
  createBearerTokenThrottle,
  KNOWN_TOKEN_REFUSED,
} from './bearer-token-throttle.ts';
export {
  type BackoffRule,
  bearerTokenBackoffRule,
  createMemoryRateLimiter,
  createRateLimiter,
  FIFTEEN_MINUTES,
  type MemoryRateLimiter,
  passwordBackoffRule,
  publicFormRule,
  RateLimitedError,
  type RateLimiter,
  type RateLimitRule,
  secondFactorBackoffRule,
  signInSprayRule,
  ticketLookupRule,
} from './rate-limiter.ts';
