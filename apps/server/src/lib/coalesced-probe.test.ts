import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedProbe } from './coalesced-probe.ts';

describe('coalescedProbe', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the check once for concurrent asks, reuses the answer for its age, then checks again', async () => {
    let runs = 0;
    let healthy = true;
    const probe = coalescedProbe(async () => {
      runs += 1;
      if (!healthy) throw new Error('down');
    }, 1000);

    expect(await Promise.all([probe(), probe(), probe()])).toEqual([true, true, true]);
    expect(runs).toBe(1);
    healthy = false;
    vi.advanceTimersByTime(999);
    expect(await probe()).toBe(true);
    expect(runs).toBe(1);

    vi.advanceTimersByTime(1);
    expect(await probe()).toBe(false);
    expect(runs).toBe(2);
    // A failure is reused as well: an outage is not asked about on every request.
    expect(await probe()).toBe(false);
    expect(runs).toBe(2);
  });
});
