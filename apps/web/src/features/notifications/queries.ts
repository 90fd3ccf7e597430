import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@alpenkube/contract';
import type { NotificationCount } from '@alpenkube/contract/endpoints';
import { getQueryFn } from '@/lib/http';
import { toast } from '@/components/ui/use-toast';
import { notificationKeys } from './keys';
import { NOTIFICATION_POLL_MS } from './notification-rules';
import { markAllNotificationsRead, markNotificationRead, trashNotification } from './requests';

export { notificationKeys };

/** The success toasts of the bell last 3 s. */
export const NOTIFICATION_TOAST_MS = 3000;

/** Polled every 10 s, not in the background, only when signed in; 401 gives nothing. */
const pollingOptions = {
  refetchInterval: NOTIFICATION_POLL_MS,
  refetchIntervalInBackground: false,
} as const;

export const notificationQueries = {
  list: () =>
    queryOptions<Notification[] | null>({
      queryKey: notificationKeys.list,
      queryFn: getQueryFn<Notification[]>({ on401: 'returnNull' }),
      ...pollingOptions,
    }),
  count: () =>
    queryOptions<NotificationCount | null>({
      queryKey: notificationKeys.count,
      queryFn: getQueryFn<NotificationCount>({ on401: 'returnNull' }),
      ...pollingOptions,
    }),
};

export function useNotificationList(signedIn: boolean) {
  return useQuery({ ...notificationQueries.list(), enabled: signedIn });
}

export function useUnreadCount(signedIn: boolean) {
  return useQuery({ ...notificationQueries.count(), enabled: signedIn });
}

function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.count }),
    ]);
}

function failureToast(error: unknown, fallback: string) {
  const message = error instanceof Error && error.message ? error.message : fallback;
  toast({ title: 'Error', description: message || fallback, variant: 'destructive' });
}

export function useMarkNotificationRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: refresh,
    onError: (error) => failureToast(error, 'Failed to mark notification as read'),
  });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async () => {
      await refresh();
      toast({ title: 'All notifications marked as read', duration: NOTIFICATION_TOAST_MS });
    },
    onError: (error) => failureToast(error, 'Failed to mark all notifications as read'),
  });
}

export function useTrashNotification() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: trashNotification,
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Notification moved to trash', duration: NOTIFICATION_TOAST_MS });
    },
    onError: (error) => failureToast(error, 'Failed to move notification to trash'),
  });
}

export { useRefreshNotifications };
