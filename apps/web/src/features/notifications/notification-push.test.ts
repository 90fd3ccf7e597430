import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { handleNotificationPush } from './notification-push';

describe('the notifications handler', () => {
  it('refreshes the list and the count only for a notification to the current user', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    handleNotificationPush(
      { type: 'notification', userId: 8, notification: {} as never },
      { userId: 7, queryClient },
    );
    expect(invalidate).not.toHaveBeenCalled();
    handleNotificationPush(
      { type: 'notification', userId: 7, notification: {} as never },
      { userId: 7, queryClient },
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/notifications'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/notifications/count'] });
  });
});
