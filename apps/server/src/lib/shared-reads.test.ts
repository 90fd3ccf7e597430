import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-reads.ts';

/** A read whose answers the test releases one by one: the n-th read answers n. */
function controlledReads() {
  const started: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const n = started.length + 1;
      started.push({ resolve: () => resolve(n), reject });
    });
  return { started, read };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedReads', () => {
  it('shares one read among the asks that came while the first ran, started after it', async () => {
    const shared = sharedReads<number>();
    const { started, read } = controlledReads();
    const first = shared('a', read);
    await tick();
    expect(started).toHaveLength(1);
    // Asked while read 1 runs: they may not have read 1 (it began before them), they share 2.
    const later = [shared('a', read), shared('a', read), shared('a', read)];
    await tick();
    expect(started).toHaveLength(1);
    started[0]!.resolve();
    expect(await first).toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    // Asked while read 2 runs: a third read.
    const last = shared('a', read);
    started[1]!.resolve();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    await tick();
    expect(started).toHaveLength(3);
    started[2]!.resolve();
    expect(await last).toBe(3);
    // Nothing running: the next ask starts its own read at once.
    const again = shared('a', read);
    await tick();
    expect(started).toHaveLength(4);
    started[3]!.resolve();
    expect(await again).toBe(4);
  });

  it('keeps keys apart, and a failure answers only the asks of that read', async () => {
    const shared = sharedReads<number>();
    const { started, read } = controlledReads();
    const a = shared('a', read);
    const b = shared('b', read);
    await tick();
    expect(started).toHaveLength(2);
    const waiting = shared('a', read);
    started[0]!.reject(new Error('gone'));
    await expect(a).rejects.toThrow('gone');
    await tick();
    expect(started).toHaveLength(3);
    started[2]!.resolve();
    expect(await waiting).toBe(3);
    started[1]!.resolve();
    expect(await b).toBe(2);
  });
});
