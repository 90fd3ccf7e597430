import type { QueryClient } from '@tanstack/react-query';
import { usePushHandler, type PushHandler } from '@/lib/realtime/socket';

const supportPrefix = '/api/support/';

/** Every support list and ticket: after a change, or when a push says one changed. */
export function refreshSupport(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(supportPrefix),
  });
}

/** A ticket changed somewhere (a reply, a status): open conversations and lists refetch. */
export const handleTicketPush: PushHandler<'ticket'> = (_message, context) => {
  void refreshSupport(context.queryClient);
};

/** Registered once, app-wide, for a signed-in user (the shell's signed-in effects). */
export function useTicketPushes() {
  usePushHandler('ticket', handleTicketPush);
}
