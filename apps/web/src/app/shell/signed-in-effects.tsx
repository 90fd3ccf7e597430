import { useClusterPushes } from '@/features/clusters/cluster-push';
import { useNotificationPushes } from '@/features/notifications/notification-push';
import { useOrderPushes } from '@/features/orders/order-push';
import { useTicketPushes } from '@/features/support/ticket-push';
import { useRealtime } from '@/lib/realtime/socket';
import { useNavigationInvalidation } from './use-navigation-invalidation';

/**
 * The app-wide effects that only matter to a signed-in user: the realtime socket with the
 * notifications', orders' and clusters' push handlers, and marking the signed-in data stale on
 * navigation. The root layout loads this lazily, so a visitor's pages download none of it. Each
 * handler is imported from its own file, not its feature's index, which would pull the
 * feature's pages into every signed-in page.
 */
export function SignedInEffects({ userId }: { userId: number }) {
  useNavigationInvalidation();
  // One socket for every push; each feature registers the handler of its own messages.
  useRealtime(userId);
  useNotificationPushes();
  // An order's change refreshes the order views and the sidebar's counts, on every page.
  useOrderPushes();
  // A cluster's change (a step, a node joining, a status) updates its log and every view of it.
  useClusterPushes();
  // A ticket's new message or status: its open conversation and the lists refetch.
  useTicketPushes();
  return null;
}
