import { usePushHandler, type PushHandler } from '@/lib/realtime/socket';
import { refreshOrders } from '@/lib/order-cache';

/**
 * An order of the organization changed status: every order list and page refetches from the
 * API, and so do the sidebar's counts. The server sends it to the organization's members only.
 */
export const handleOrderPush: PushHandler<'order'> = (_message, context) => {
  void refreshOrders(context.queryClient);
};

/** Registered once, app-wide, for a signed-in user (the shell's signed-in effects). */
export function useOrderPushes() {
  usePushHandler('order', handleOrderPush);
}
