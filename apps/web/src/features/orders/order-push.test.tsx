import { renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { dispatchPush } from '@/lib/realtime/socket';
import { isOrderQueryKey } from '@/lib/order-cache';
import { handleOrderPush, useOrderPushes } from './order-push';

const push = { type: 'order', organizationId: 3, orderId: 42, status: 'cancelled' } as const;

function clientWithOrders() {
  const queryClient = new QueryClient();
  for (const key of [
    '/api/orders',
    '/api/orders?status=paid',
    '/api/orders/42',
    '/api/sidebar-counts',
    '/api/notifications',
    '/api/ordersomething',
  ]) {
    queryClient.setQueryData([key], {});
  }
  return queryClient;
}

const invalidated = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey[0]);

describe('the orders push handler', () => {
  it('refreshes every order list and page and the sidebar counts, nothing else', () => {
    const queryClient = clientWithOrders();
    handleOrderPush(push, { userId: 7, queryClient });
    expect(invalidated(queryClient).sort()).toEqual([
      '/api/orders',
      '/api/orders/42',
      '/api/orders?status=paid',
      '/api/sidebar-counts',
    ]);
    expect(isOrderQueryKey(['/api/ordersomething'])).toBe(false);
  });

  it('is registered while its hook is mounted, and only then', () => {
    const queryClient = clientWithOrders();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    const mounted = renderHook(() => useOrderPushes());
    dispatchPush(push, { userId: 7, queryClient });
    expect(spy).toHaveBeenCalled();
    mounted.unmount();
    spy.mockClear();
    dispatchPush(push, { userId: 7, queryClient });
    expect(spy).not.toHaveBeenCalled();
  });
});
