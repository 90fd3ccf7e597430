import type { PushHandler } from '@/lib/realtime/socket';
import { usePushHandler } from '@/lib/realtime/socket';
import { notificationKeys } from './keys';

/**
 * A notification pushed to the signed-in user refreshes the list and the unread count; the
 * push itself is not shown (the list is refetched from the API). One for another user (a
 * stale socket after switching accounts) is ignored.
 */
export const handleNotificationPush: PushHandler<'notification'> = (message, context) => {
  if (message.userId !== context.userId) return;
  void context.queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  void context.queryClient.invalidateQueries({ queryKey: notificationKeys.count });
};

/** Registers the notifications feature's push handler on the app's socket. */
export function useNotificationPushes() {
  usePushHandler('notification', handleNotificationPush);
}
