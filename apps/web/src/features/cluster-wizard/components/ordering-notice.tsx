import { FormAlert } from '@/components/ui/form';
import { useAccess } from '@/lib/session/use-can';

/**
 * Whether this user may order (their standing, and a role that places orders), and if not,
 * why, in the words of the server's 403.
 */
export function useOrdering(): { allowed: boolean; pending: boolean; reason: string | null } {
  const { allowed, pending, refusal } = useAccess('orderer', 'orders:write');
  return { allowed, pending, reason: refusal };
}

/** Said before the last step, so nobody configures a whole cluster to learn it at the end. */
export function OrderingNotice({ reason }: { reason: string }) {
  return (
    <FormAlert variant="info" title="You can configure and price a cluster, but not order it yet">
      {reason}
    </FormAlert>
  );
}
