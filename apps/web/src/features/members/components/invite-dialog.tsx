import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { assignableRoles, roleLabels, type AssignableRole } from '@alpenkube/contract/permissions';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useMembersChange } from '../queries';
import { invite } from '../requests';

/** Invites an address into the organization (a super admin's: the one in scope). */
export function InviteDialog({ organizationId }: { organizationId?: number }) {
  return (
    <FormDialog
      trigger={
        <>
          <UserPlus aria-hidden="true" />
          Invite
        </>
      }
      triggerProps={{ size: 'default', variant: 'default' }}
      title="Invite someone"
      description="We mail them a link to create their account. It works once and expires in 7 days."
      preload={() => undefined}
    >
      {(close) => <InviteForm organizationId={organizationId} onDone={close} />}
    </FormDialog>
  );
}

function InviteForm({ organizationId, onDone }: { organizationId?: number; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('user');
  const mutation = useMembersChange(
    () => invite({ email, role, organizationId }),
    (created) => `Invitation sent to ${created.email}`,
    onDone,
  );
  return (
    <form
      className="grid gap-4"
      aria-label="Invite someone"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(undefined);
      }}
    >
      {mutation.error ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <FormField label="E-mail address">
        <Input
          name="email"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </FormField>
      <FormField label="Role">
        <NativeSelect
          name="role"
          value={role}
          onChange={(event) => setRole(event.target.value as AssignableRole)}
        >
          {assignableRoles.map((option) => (
            <option key={option} value={option}>
              {roleLabels[option]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <SubmitButton pending={mutation.isPending} pendingText="Sending…">
        Send invitation
      </SubmitButton>
    </form>
  );
}
