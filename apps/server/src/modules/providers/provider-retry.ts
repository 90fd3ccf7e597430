import { ProviderError } from './provider-driver.ts';

/**
 * What every real driver's calls share when a provider throttles or fails: how long its
 * `Retry-After` asks to wait, and a wait that a cancelled step ends at once.
 */

/** Seconds (or an HTTP date) of a `Retry-After` header, in ms; 1 s when absent. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

/** Waits `ms`; a step cancelled meanwhile fails as retryable, naming the provider. */
export const waitOrCancel = (ms: number, provider: string, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new ProviderError(`The call to ${provider} was cancelled`, true));
    });
  });

/**
 * A provider throttling past what one call waits for: nothing was done, so the step answers
 * "not yet" and asks again once `retryAfterMs` has passed, spending none of its retries.
 */
export class ProviderThrottled extends ProviderError {
  constructor(
    provider: string,
    readonly retryAfterMs: number,
  ) {
    super(`${provider} is throttling the platform (429)`, true);
  }
}

/** The outcome of a step a throttled call interrupted; other errors are thrown again. */
export function throttledOutcome(error: unknown, pollMs: number) {
  if (error instanceof ProviderThrottled) {
    return { done: false as const, checkAgainInMs: Math.max(error.retryAfterMs, pollMs) };
  }
  throw error;
}
