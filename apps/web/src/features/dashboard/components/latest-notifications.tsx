import type { Notification } from '@alpenkube/contract';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { DashboardCard, shortDateTime } from './dashboard-card';

/** The dashboard shows this many notifications; the bell holds them all. */
export const DASHBOARD_NOTIFICATIONS = 5;

/** The newest notifications, unread ones marked; reading and clearing them is the bell's. */
export function LatestNotifications({
  notifications,
}: {
  notifications: Notification[] | null | undefined;
}) {
  const shown = notifications
    ?.filter((notification) => !notification.trash)
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id)
    .slice(0, DASHBOARD_NOTIFICATIONS);
  return (
    <DashboardCard
      title="Latest notifications"
      description="The bell in the header holds them all."
    >
      {!shown ? (
        <Spinner label="Loading the notifications…" className="py-6" />
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notification yet.</p>
      ) : (
        <ul aria-label="Latest notifications" className="space-y-3">
          {shown.map((notification) => (
            <li
              key={notification.id}
              className="flex gap-2 text-sm"
              data-testid="dashboard-notification"
            >
              <span
                className={cn(
                  'mt-1.5 size-2 shrink-0 rounded-full',
                  notification.read ? 'bg-transparent' : 'bg-primary',
                )}
                aria-hidden="true"
              />
              <div className="min-w-0">
                <p className={cn('break-words', !notification.read && 'font-medium')}>
                  {notification.message}
                  {notification.read ? null : <span className="sr-only"> (unread)</span>}
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={notification.timestamp}>
                    {shortDateTime(notification.timestamp)}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
