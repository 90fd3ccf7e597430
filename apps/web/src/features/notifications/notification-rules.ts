import type { Notification, NotificationType } from '@alpenkube/contract';

/** 5 shown at first, 10 more per 'View all notifications', badge capped 99+. */
export const INITIAL_VISIBLE = 5;
export const VISIBLE_STEP = 10;
export const BADGE_CAP = 99;
export const NOTIFICATION_POLL_MS = 10_000;
const RELATIVE_DAYS_MAX = 6;

/** Newest first, without mutating the server's array. */
export function sortNewestFirst(notifications: readonly Notification[]): Notification[] {
  return [...notifications].sort(
    (a, b) => new Date(b.timestamp).getTime() - new Date(a.timestamp).getTime(),
  );
}

/** The badge text: hidden (null) at zero, '99+' above the cap. */
export function badgeText(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** Icon colours: success green, warning amber, error red, system purple, anything else blue. */
export function notificationTone(type: NotificationType | string) {
  switch (type) {
    case 'success':
      return 'green';
    case 'warning':
      return 'amber';
    case 'error':
      return 'red';
    case 'system':
      return 'purple';
    default:
      return 'blue';
  }
}

function plural(n: number, unit: string) {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** 'Just now', 'N minute(s) ago', 'N hour(s) ago', 'N day(s) ago' up to 6 days, then a date. */
export function formatRelativeTime(timestamp: string, now: number = Date.now()): string {
  const then = new Date(timestamp);
  const seconds = Math.floor((now - then.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days <= RELATIVE_DAYS_MAX) return plural(days, 'day');
  return then.toLocaleDateString();
}
