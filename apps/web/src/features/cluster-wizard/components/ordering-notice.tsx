import { refusalMessage } from '@alpenkube/contract/permissions';
import { FormAlert } from '@/components/ui/form';
import { useAuth } from '@/lib/session/use-auth';
import { actorOf, useAccess } from '@/lib/session/use-can';

/** Whether this user may order, and if not, why, in the words of the server's 403. */
export function useOrdering(): { allowed: boolean; pending: boolean; reason: string | null } {
  const { user } = useAuth();
  const { allowed, pending } = useAccess('orderer');
  const actor = actorOf(user, false);
  const reason = !pending && !allowed && actor ? refusalMessage(actor, 'orderer') : null;
  return { allowed, pending, reason };
}

/** Said before the last step, so nobody configures a whole cluster to learn it at the end. */
export function OrderingNotice({ reason }: { reason: string }) {
  return (
    <FormAlert variant="info" title="You can configure and price a cluster, but not order it yet">
      {reason}
    </FormAlert>
  );
}
