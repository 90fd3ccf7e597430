import type { QueryClient } from '@tanstack/react-query';
import { endpoints } from '@alpenkube/contract/endpoints';
import { isUnder } from '@/lib/http';
import { usePushHandler, type PushHandler } from '@/lib/realtime/socket';

const supportPaths = [endpoints.support.tickets.path(), endpoints.support.queue.path()];

/** Every support list and ticket: after a change, or when a push says one changed. */
export function refreshSupport(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => supportPaths.some((path) => isUnder(query.queryKey, path)),
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
