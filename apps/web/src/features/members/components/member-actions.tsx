import { useState } from 'react';
import { MoreHorizontal, Power, PowerOff, UserCog, Trash2 } from 'lucide-react';
import type { Member } from '@alpenkube/contract';
import { assignableRoles, type AssignableRole } from '@alpenkube/contract/permissions';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/lib/session/use-auth';
import { personName, roleNouns } from '../labels';
import { useMembersChange } from '../queries';
import { changeRole, disableMember, enableMember, removeMember } from '../requests';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type Dialog = 'disable' | 'remove' | null;

/** A person's row menu: role, disable or enable, remove (the last two behind a dialog). */
export function MemberActions({ member }: { member: Member }) {
  const { user } = useAuth();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const name = personName(member);
  const role = useMembersChange(
    (next: AssignableRole) => changeRole(member.id, next),
    (_, next) => `${name} is now ${roleNouns[next].toast}`,
  );
  const disable = useMembersChange(
    (reason: string) => disableMember(member.id, reason),
    () => `${name} is disabled and signed out`,
    close,
  );
  const enable = useMembersChange(
    () => enableMember(member.id),
    () => `${name} can sign in again`,
  );
  const remove = useMembersChange(
    () => removeMember(member.id),
    (result) => result.message,
    close,
  );

  const self = user?.id === member.id;
  // A platform operator's account is changed by platform operators only.
  const operatorOnly = member.role === 'super_admin' && user?.role !== 'super_admin';
  const settled = member.status === 'active' || member.status === 'disabled';
  if (!settled || operatorOnly) return null;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {member.role === 'super_admin'
            ? null
            : assignableRoles
                .filter((next) => next !== member.role)
                .map((next) => (
                  <DropdownMenuItem key={next} onSelect={() => role.mutate(next)}>
                    <UserCog aria-hidden="true" />
                    {roleNouns[next].menu}
                  </DropdownMenuItem>
                ))}
          {self ? null : member.status === 'active' ? (
            <DropdownMenuItem onSelect={() => setDialog('disable')}>
              <PowerOff aria-hidden="true" />
              Disable…
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => enable.mutate(undefined)}>
              <Power aria-hidden="true" />
              Enable
            </DropdownMenuItem>
          )}
          {self ? null : (
            <DropdownMenuItem variant="destructive" onSelect={() => setDialog('remove')}>
              <Trash2 aria-hidden="true" />
              Remove…
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
        title={`Disable ${name}?`}
        description="They are signed out at once and cannot sign in until an admin enables the account again. They read the reason in the mail we send."
        reasonLabel="Reason"
        confirmLabel="Disable"
        pendingText="Disabling…"
        pending={disable.isPending}
        destructive
        onConfirm={(reason) => disable.mutate(reason)}
      />
      <ConfirmDialog
        open={dialog === 'remove'}
        onOpenChange={(open) => setDialog(open ? 'remove' : null)}
        title={`Remove ${name}?`}
        description={
          <p>
            The account is deleted and {member.email} can register again. If orders, tickets or
            payments name them, the account is kept for those records, disabled.
          </p>
        }
        confirmLabel="Remove"
        pendingText="Removing…"
        pending={remove.isPending}
        destructive
        onConfirm={() => remove.mutate(undefined)}
      />
    </>
  );
}
