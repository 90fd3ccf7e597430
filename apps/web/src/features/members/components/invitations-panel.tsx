import { roleLabels } from '@alpenkube/contract/permissions';
import type { Invitation } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '../labels';
import { useInvitations, useMembersChange } from '../queries';
import { revokeInvitation } from '../requests';
import { useOrganizationScope } from '../use-organization-scope';
import { InviteDialog } from './invite-dialog';

/** Invitations not yet used: who, with which role, until when; each can be withdrawn. */
export function InvitationsPanel() {
  const { superAdmin, organizationId } = useOrganizationScope();
  const invitations = useInvitations(organizationId);
  return (
    <section aria-label="Invitations" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Links mailed to people to join. Each works once, for 7 days.
        </p>
        <InviteDialog organizationId={organizationId} />
      </div>
      {invitations.error ? (
        <QueryError
          title="The invitations could not be loaded"
          error={invitations.error}
          onRetry={() => void invitations.refetch()}
        />
      ) : !invitations.data ? (
        <Spinner label="Loading the invitations…" className="py-8" />
      ) : invitations.data.length === 0 ? (
        <p className="rounded-xl border p-6 text-center text-muted-foreground">
          No pending invitations.
        </p>
      ) : (
        <ul className="grid gap-3">
          {invitations.data.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              showOrganization={superAdmin}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvitationRow({
  invitation,
  showOrganization,
}: {
  invitation: Invitation;
  showOrganization: boolean;
}) {
  const revoke = useMembersChange(
    () => revokeInvitation(invitation.id),
    () => `The invitation to ${invitation.email} was withdrawn`,
  );
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all">{invitation.email}</p>
        <p className="text-xs text-muted-foreground">
          {roleLabels[invitation.role]} · invited by {invitation.invitedBy ?? 'a former admin'} ·
          expires {formatDateTime(invitation.expiresAt)}
          {showOrganization ? ` · ${invitation.organizationName}` : ''}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate(undefined)}
      >
        Withdraw
      </Button>
    </li>
  );
}
