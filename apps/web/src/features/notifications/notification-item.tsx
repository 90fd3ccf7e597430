import type { Notification } from '@alpenkube/contract';
import { AlertTriangle, Bell, Check, CheckCircle2, Info, Trash2, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatRelativeTime, notificationTone } from './notification-rules';

const toneStyles = {
  green: { icon: CheckCircle2, className: 'text-green-600 dark:text-green-400' },
  amber: { icon: AlertTriangle, className: 'text-amber-600 dark:text-amber-400' },
  red: { icon: XCircle, className: 'text-red-600 dark:text-red-400' },
  purple: { icon: Bell, className: 'text-purple-600 dark:text-purple-400' },
  blue: { icon: Info, className: 'text-blue-600 dark:text-blue-400' },
} as const;

type NotificationItemProps = {
  notification: Notification;
  now: number;
  onMarkRead: (id: number) => void;
  onTrash: (id: number) => void;
};

export function NotificationItem({
  notification,
  now,
  onMarkRead,
  onTrash,
}: NotificationItemProps) {
  const tone = notificationTone(notification.type);
  const { icon: Icon, className } = toneStyles[tone];
  const unread = !notification.read;
  return (
    <li
      data-testid="notification-item"
      data-read={notification.read}
      data-tone={tone}
      className={cn(
        'group flex items-start gap-3 border-b px-4 py-3 last:border-b-0',
        unread ? 'bg-primary/5' : 'bg-transparent',
      )}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', className)} aria-hidden="true" />
      <button
        type="button"
        className="min-w-0 flex-1 text-left outline-none focus-visible:underline"
        onClick={() => unread && onMarkRead(notification.id)}
      >
        <p className={cn('text-sm break-words', unread ? 'font-medium' : 'text-muted-foreground')}>
          {notification.message}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          <time dateTime={notification.timestamp}>
            {formatRelativeTime(notification.timestamp, now)}
          </time>
          {unread ? <span className="sr-only"> (unread)</span> : null}
        </p>
      </button>
      <div className="flex shrink-0 items-center gap-0.5">
        {unread ? (
          <button
            type="button"
            aria-label="Mark as read"
            title="Mark as read"
            onClick={() => onMarkRead(notification.id)}
            className="rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Check className="size-3.5" aria-hidden="true" />
          </button>
        ) : null}
        <button
          type="button"
          aria-label="Move to trash"
          title="Move to trash"
          onClick={() => onTrash(notification.id)}
          className="rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Trash2 className="size-3.5" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
