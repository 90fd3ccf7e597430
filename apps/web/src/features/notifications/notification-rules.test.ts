import { describe, expect, it } from 'vitest';
import type { Notification } from '@alpenkube/contract';
import {
  INITIAL_VISIBLE,
  NOTIFICATION_POLL_MS,
  VISIBLE_STEP,
  badgeText,
  formatRelativeTime,
  notificationTone,
  sortNewestFirst,
} from './notification-rules';
import { SOCKET_RECONNECT_MS } from '@/lib/realtime/socket';

const now = new Date('2025-06-15T12:00:00Z').getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative times', () => {
  it("'Just now' under a minute", () => {
    expect(formatRelativeTime(ago(59_000), now)).toBe('Just now');
  });
  it('minutes with singular and plural', () => {
    expect(formatRelativeTime(ago(MIN), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * MIN), now)).toBe('59 minutes ago');
  });
  it('hours', () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * HOUR), now)).toBe('23 hours ago');
  });
  it('days up to 6, then a local date', () => {
    expect(formatRelativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(6 * DAY), now)).toBe('6 days ago');
    expect(formatRelativeTime(ago(7 * DAY), now)).toBe(
      new Date(now - 7 * DAY).toLocaleDateString(),
    );
  });
});

describe('badge', () => {
  it('is hidden at zero, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('tones', () => {
  it('success green, warning amber, error red, system purple, else blue', () => {
    expect(notificationTone('success')).toBe('green');
    expect(notificationTone('warning')).toBe('amber');
    expect(notificationTone('error')).toBe('red');
    expect(notificationTone('system')).toBe('purple');
    expect(notificationTone('info')).toBe('blue');
    expect(notificationTone('anything')).toBe('blue');
  });
});

describe('order and constants', () => {
  it('sorts newest first', () => {
    const n = (id: number, ms: number) =>
      ({
        id,
        type: 'info',
        message: '',
        timestamp: ago(ms),
        read: false,
        trash: false,
      }) as Notification;
    expect(sortNewestFirst([n(1, 3 * MIN), n(2, MIN), n(3, 2 * MIN)]).map((x) => x.id)).toEqual([
      2, 3, 1,
    ]);
  });
  it('shows 5, steps by 10, polls every 10 s, reconnects after 5 s', () => {
    expect([INITIAL_VISIBLE, VISIBLE_STEP, NOTIFICATION_POLL_MS, SOCKET_RECONNECT_MS]).toEqual([
      5, 10, 10_000, 5000,
    ]);
  });
});
