import { describe, expect, it } from 'vitest';
import { createOwnerCache } from './owner-cache.ts';

type Slots = { unread: number; list: string[] };

describe('the owner cache', () => {
  it('answers from memory until the user is invalidated', async () => {
    const cache = createOwnerCache<Slots>();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read(1, 'unread', load)).toBe(1);
    expect(await cache.read(1, 'unread', load)).toBe(1);
    cache.invalidate(1);
    expect(await cache.read(1, 'unread', load)).toBe(2);
  });

  it('does not keep an answer whose read overlapped an invalidation', async () => {
    const cache = createOwnerCache<Slots>();
    let finish!: (value: number) => void;
    const slow = cache.read(1, 'unread', () => new Promise<number>((r) => (finish = r)));
    cache.invalidate(1); // a change committed while the read was running
    finish(5);
    expect(await slow).toBe(5);
    expect(await cache.read(1, 'unread', async () => 4)).toBe(4);
  });

  it('drops the least recently used user past its limit', async () => {
    const cache = createOwnerCache<Slots>(2);
    await cache.read(1, 'unread', async () => 1);
    await cache.read(2, 'unread', async () => 2);
    expect(await cache.read(1, 'unread', async () => 10)).toBe(1); // 1 is now the most recent
    await cache.read(3, 'unread', async () => 3);
    expect(cache.size()).toBe(2);
    expect(await cache.read(2, 'unread', async () => 20)).toBe(20); // 2 was dropped
    expect(await cache.read(3, 'unread', async () => 30)).toBe(3);
  });

  it('keeps an owner’s most recently stored slots up to its bound', async () => {
    const cache = createOwnerCache<Record<string, number>>(10, { slotsPerOwner: 2 });
    await cache.read(1, 'a', async () => 1);
    await cache.read(1, 'b', async () => 2);
    await cache.read(1, 'c', async () => 3);
    expect(await cache.read(1, 'b', async () => 20)).toBe(2);
    expect(await cache.read(1, 'a', async () => 10)).toBe(10); // the oldest slot went
  });

  it('drops the least recently used owners past the weight of all values', async () => {
    const cache = createOwnerCache<Record<string, string>>(10, {
      maxWeight: 10,
      weigh: (value) => (value as string).length,
    });
    await cache.read(1, 'page', async () => 'aaaa');
    await cache.read(2, 'page', async () => 'bbbb');
    await cache.read(1, 'page', async () => 'unused'); // 1 is now the most recent
    await cache.read(3, 'page', async () => 'cccc'); // 12 in all: 2 goes
    expect(cache.size()).toBe(2);
    expect(await cache.read(2, 'page', async () => 'new')).toBe('new');
    expect(await cache.read(1, 'page', async () => 'again')).toBe('again'); // 4 + 4 + 3 > 10
    cache.invalidate(3);
    expect(await cache.read(2, 'page', async () => 'x')).toBe('new');
  });

  it('makes one load for reads that arrive while it runs, and a new one after an invalidation', async () => {
    const cache = createOwnerCache<Slots>();
    let loads = 0;
    const finishers: ((value: number) => void)[] = [];
    const load = () => {
      loads += 1;
      return new Promise<number>((resolve) => finishers.push(resolve));
    };
    const first = cache.read(1, 'unread', load);
    const second = cache.read(1, 'unread', load);
    await Promise.resolve();
    expect(loads).toBe(1);
    cache.invalidate(1); // a change committed while the load was running
    const third = cache.read(1, 'unread', load);
    await Promise.resolve();
    expect(loads).toBe(2);
    finishers[0]!(1);
    finishers[1]!(2);
    expect([await first, await second, await third]).toEqual([1, 1, 2]);
    expect(await cache.read(1, 'unread', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('lets a failed load fail its readers and be tried again', async () => {
    const cache = createOwnerCache<Slots>();
    await expect(
      cache.read(1, 'unread', () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect(await cache.read(1, 'unread', async () => 3)).toBe(3);
  });

  it('keeps each slot of an owner apart, and drops them all on invalidation', async () => {
    const cache = createOwnerCache<Slots>();
    expect(await cache.read(1, 'unread', async () => 0)).toBe(0);
    expect(await cache.read(1, 'list', async () => ['a'])).toEqual(['a']);
    // A falsy answer is an answer: it is not loaded again.
    expect(await cache.read(1, 'unread', async () => 9)).toBe(0);
    cache.invalidate(1);
    expect(await cache.read(1, 'list', async () => ['b'])).toEqual(['b']);
  });

  it('forgets everyone on clear, including a read that was running', async () => {
    const cache = createOwnerCache<Slots>();
    await cache.read(1, 'unread', async () => 1);
    let finish!: (value: number) => void;
    const slow = cache.read(2, 'unread', () => new Promise<number>((r) => (finish = r)));
    cache.clear(); // the LISTEN connection came back: anything may have been missed
    finish(5);
    await slow;
    expect(cache.size()).toBe(0);
    expect(await cache.read(1, 'unread', async () => 10)).toBe(10);
    expect(await cache.read(2, 'unread', async () => 20)).toBe(20);
  });
});
