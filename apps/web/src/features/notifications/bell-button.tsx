import { Bell } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { badgeText } from './notification-rules';
import { useNotificationList, useUnreadCount } from './queries';

/** The unread count: the server's, or counted in the list until it answers. */
export function useUnreadNotifications() {
  const list = useNotificationList(true);
  const count = useUnreadCount(true);
  return count.data?.count ?? (list.data ?? []).filter((n) => !n.trash && !n.read).length;
}

/** The bell that opens the notifications, with the unread count on a badge. */
export function BellButton(props: ButtonProps) {
  const unread = useUnreadNotifications();
  const badge = badgeText(unread);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={badge ? `Notifications, ${unread} unread` : 'Notifications'}
      {...props}
    >
      <Bell />
      {badge ? (
        <span
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground ring-2 ring-background dark:bg-red-700 dark:text-white"
        >
          {badge}
        </span>
      ) : null}
    </Button>
  );
}
