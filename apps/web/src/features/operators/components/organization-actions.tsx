import { useState } from 'react';
import { Ban, CheckCircle2, RotateCcw } from 'lucide-react';
import type { OperatorOrganizationDetail } from '@alpenkube/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { useOperatorChange } from '../queries';
import { approveOrganization, reinstateOrganization, suspendOrganization } from '../requests';
import { ReasonForm, loadForms } from './lazy-forms';

function ApproveButton({ organization }: { organization: OperatorOrganizationDetail }) {
  const [open, setOpen] = useState(false);
  const approve = useOperatorChange(() => approveOrganization(organization.id), {
    success: () => `${organization.name} is approved`,
    failure: 'The organization was not approved',
    onSettled: () => setOpen(false),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <>
          <CheckCircle2 aria-hidden="true" /> Approve
        </>
      }
      triggerProps={{ variant: 'default' }}
      title={`Approve ${organization.name}?`}
      description={
        <p>
          Its members can order clusters from their next click on. Its admins get a notification and
          a mail.
        </p>
      }
      confirmLabel="Approve"
      pendingText="Approving…"
      pending={approve.isPending}
      onConfirm={() => approve.mutate(undefined)}
    />
  );
}

function ReinstateButton({ organization }: { organization: OperatorOrganizationDetail }) {
  const [open, setOpen] = useState(false);
  const reinstate = useOperatorChange(() => reinstateOrganization(organization.id), {
    success: () => `${organization.name} is active again`,
    failure: 'The organization was not reinstated',
    onSettled: () => setOpen(false),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <>
          <RotateCcw aria-hidden="true" /> Reinstate
        </>
      }
      title={`Reinstate ${organization.name}?`}
      description={<p>Its members may order again; they are told.</p>}
      confirmLabel="Reinstate"
      pendingText="Reinstating…"
      pending={reinstate.isPending}
      onConfirm={() => reinstate.mutate(undefined)}
    />
  );
}

function SuspendButton({ organization }: { organization: OperatorOrganizationDetail }) {
  return (
    <FormDialog
      preload={loadForms}
      trigger={
        <>
          <Ban aria-hidden="true" /> Suspend
        </>
      }
      triggerProps={{ variant: 'destructive' }}
      title={`Suspend ${organization.name}`}
      description="Its members can no longer order; running clusters keep running. They are told why."
    >
      {(close) => (
        <ReasonForm
          label="Reason"
          description="Shown to the organization's members."
          submitLabel="Suspend"
          pendingText="Suspending…"
          success={`${organization.name} is suspended`}
          failure="The organization was not suspended"
          submit={(reason) => suspendOrganization(organization.id, reason)}
          close={close}
        />
      )}
    </FormDialog>
  );
}

/** What the organization's status allows: approve, suspend or reinstate. */
export function OrganizationActions({
  organization,
}: {
  organization: OperatorOrganizationDetail;
}) {
  switch (organization.status) {
    case 'pending_approval':
      return <ApproveButton organization={organization} />;
    case 'active':
      return <SuspendButton organization={organization} />;
    case 'suspended':
      return <ReinstateButton organization={organization} />;
  }
}
