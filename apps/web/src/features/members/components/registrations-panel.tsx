import { useState } from 'react';
import type { Member } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, personName } from '../labels';
import { useMembersChange, useRegistrations } from '../queries';
import { approveRegistration, rejectRegistration } from '../requests';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useOrganizationScope } from '../use-organization-scope';

/** People who registered into the organization and wait for an admin, oldest first. */
export function RegistrationsPanel() {
  const { superAdmin, organizationId } = useOrganizationScope();
  const registrations = useRegistrations(organizationId);
  if (registrations.error) {
    return (
      <QueryError
        title="The registrations could not be loaded"
        error={registrations.error}
        onRetry={() => void registrations.refetch()}
      />
    );
  }
  if (!registrations.data) return <Spinner label="Loading the registrations…" className="py-8" />;
  if (registrations.data.length === 0) {
    return (
      <p className="rounded-xl border p-6 text-center text-muted-foreground">
        Nobody is waiting for approval.
      </p>
    );
  }
  return (
    <ul aria-label="Pending registrations" className="grid gap-3">
      {registrations.data.map((member) => (
        <RegistrationCard key={member.id} member={member} showOrganization={superAdmin} />
      ))}
    </ul>
  );
}

function RegistrationCard({
  member,
  showOrganization,
}: {
  member: Member;
  showOrganization: boolean;
}) {
  const [rejecting, setRejecting] = useState(false);
  const name = personName(member);
  const approve = useMembersChange(
    () => approveRegistration(member.id),
    () => `${name} joined the organization`,
  );
  const reject = useMembersChange(
    (reason: string) => rejectRegistration(member.id, reason),
    () => `${name}'s request was declined`,
    () => setRejecting(false),
  );
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center"
      data-testid={`registration-${member.username}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium">{name}</p>
        <p className="text-sm break-all text-muted-foreground">
          {member.username} · {member.email}
        </p>
        <p className="text-xs text-muted-foreground">
          Registered {formatDateTime(member.createdAt)}
          {showOrganization ? ` · ${member.organizationName}` : ''}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          onClick={() => approve.mutate(undefined)}
          disabled={approve.isPending}
          aria-label={`Approve ${name}`}
        >
          Approve
        </Button>
        <Button variant="outline" onClick={() => setRejecting(true)} aria-label={`Reject ${name}`}>
          Reject…
        </Button>
      </div>
      <ConfirmDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={`Reject ${name}?`}
        description="They are signed out and cannot sign in again. We mail them your reason."
        reasonLabel="Reason"
        confirmLabel="Reject"
        pendingText="Rejecting…"
        pending={reject.isPending}
        destructive
        onConfirm={(reason) => reject.mutate(reason)}
      />
    </li>
  );
}
