import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimiter, RateLimitedError } from './rate-limiter.ts';

const rule = { bucket: 'quote', limit: 2, windowMs: 60_000, message: 'Wait {minutes} minute(s).' };

describe('memory rate limiter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('allows the limit per key and window, then answers 429 with the wait', () => {
    const limiter = createMemoryRateLimiter();
    limiter.hit(rule, 'ip:a');
    limiter.hit(rule, 'ip:a');
    limiter.hit(rule, 'ip:b');
    expect(() => limiter.hit(rule, 'ip:a')).toThrow(RateLimitedError);
    vi.advanceTimersByTime(60_000);
    expect(() => limiter.hit(rule, 'ip:a')).not.toThrow();
  });

  it('keeps at most its number of keys, dropping the oldest window when all are current', () => {
    const limiter = createMemoryRateLimiter(2);
    limiter.hit(rule, 'ip:a');
    limiter.hit(rule, 'ip:a');
    limiter.hit(rule, 'ip:b');
    limiter.hit(rule, 'ip:c');
    // ip:a's full window was the oldest and was dropped: it starts afresh.
    expect(() => limiter.hit(rule, 'ip:a')).not.toThrow();
  });
});
