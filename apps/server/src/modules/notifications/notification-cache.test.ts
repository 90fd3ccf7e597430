import { describe, expect, it } from 'vitest';
import { createNotificationCache } from './notification-cache.ts';

describe('the notification cache', () => {
  it('answers from memory until the user is invalidated', async () => {
    const cache = createNotificationCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read(1, 'unread', load)).toBe(1);
    expect(await cache.read(1, 'unread', load)).toBe(1);
    cache.invalidate(1);
    expect(await cache.read(1, 'unread', load)).toBe(2);
  });

  it('does not keep an answer whose read overlapped an invalidation', async () => {
    const cache = createNotificationCache();
    let finish!: (value: number) => void;
    const slow = cache.read(1, 'unread', () => new Promise<number>((r) => (finish = r)));
    cache.invalidate(1); // a change committed while the read was running
    finish(5);
    expect(await slow).toBe(5);
    expect(await cache.read(1, 'unread', async () => 4)).toBe(4);
  });

  it('drops the least recently used user past its limit', async () => {
    const cache = createNotificationCache(2);
    await cache.read(1, 'unread', async () => 1);
    await cache.read(2, 'unread', async () => 2);
    expect(await cache.read(1, 'unread', async () => 10)).toBe(1); // 1 is now the most recent
    await cache.read(3, 'unread', async () => 3);
    expect(cache.size()).toBe(2);
    expect(await cache.read(2, 'unread', async () => 20)).toBe(20); // 2 was dropped
    expect(await cache.read(3, 'unread', async () => 30)).toBe(3);
  });

  it('forgets everyone on clear, including a read that was running', async () => {
    const cache = createNotificationCache();
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
