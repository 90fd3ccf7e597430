import { useMemo, useState } from 'react';
import { Popover } from 'radix-ui';
import { BellOff, RefreshCw } from 'lucide-react';
import { LiveBadge } from './live-badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { NotificationItem } from './notification-item';
import { BellButton, useUnreadNotifications } from './bell-button';
import { INITIAL_VISIBLE, VISIBLE_STEP, sortNewestFirst } from './notification-rules';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
  useRefreshNotifications,
  useTrashNotification,
} from './queries';

/** The bell with its panel; its own chunk, loaded when the bell is first clicked. */
export function NotificationPopover() {
  const [open, setOpen] = useState(false);
  const [visible, setVisible] = useState(INITIAL_VISIBLE);
  const list = useNotificationList(true);
  const unread = useUnreadNotifications();
  const refresh = useRefreshNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const trash = useTrashNotification();

  const notifications = useMemo(
    () => sortNewestFirst((list.data ?? []).filter((n) => !n.trash)),
    [list.data],
  );
  // Relative times are computed when the list renders; the 10 s poll keeps them fresh.
  const now = Date.now();

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setVisible(INITIAL_VISIBLE);
      }}
    >
      <Popover.Trigger asChild>
        <BellButton />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-xl outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <div className="flex items-center gap-2">
              <h2 className="text-sm font-semibold">Notifications</h2>
              <LiveBadge />
            </div>
            <div className="flex items-center gap-1">
              {unread > 0 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  disabled={markAll.isPending}
                  onClick={() => markAll.mutate()}
                >
                  Mark all as read
                </Button>
              ) : null}
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label="Refresh notifications"
                onClick={() => void refresh()}
              >
                <RefreshCw className={cn(list.isFetching && 'animate-spin')} />
              </Button>
            </div>
          </div>
          <div className="max-h-[300px] overflow-y-auto" data-testid="notification-list">
            {list.isLoading ? (
              <Spinner className="py-8" label="Loading notifications..." />
            ) : notifications.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
                <BellOff className="size-6" aria-hidden="true" />
                No notifications yet
              </div>
            ) : (
              <ul>
                {notifications.slice(0, visible).map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    now={now}
                    onMarkRead={(id) => markRead.mutate(id)}
                    onTrash={(id) => trash.mutate(id)}
                  />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t p-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full"
              disabled={visible >= notifications.length}
              onClick={() => setVisible((current) => current + VISIBLE_STEP)}
            >
              View all notifications
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
