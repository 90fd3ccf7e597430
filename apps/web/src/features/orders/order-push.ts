import { useEffect } from 'react';
import { registerPushHandler, type PushHandler } from '@/lib/realtime/socket';
import { refreshOrders } from './queries';

/**
 * An order of the organization changed status: every order list and page refetches from the
 * API, and so do the sidebar's counts. The server sends it to the organization's members only.
 */
export const handleOrderPush: PushHandler<'order'> = (_message, context) => {
  void refreshOrders(context.queryClient);
};

let holders = 0;
let unregister: (() => void) | null = null;

/**
 * Registers the orders' push handler on the app's socket while any caller is mounted. Counted,
 * so the root layout and a page may both call it: one leaving does not unregister the other.
 */
export function useOrderPushes() {
  useEffect(() => {
    holders += 1;
    if (holders === 1) unregister = registerPushHandler('order', handleOrderPush);
    return () => {
      holders -= 1;
      if (holders === 0) {
        unregister?.();
        unregister = null;
      }
    };
  }, []);
}
