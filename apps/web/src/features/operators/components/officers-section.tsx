import type { OperatorUser } from '@alpenkube/contract';
import { roleLabels } from '@alpenkube/contract/permissions';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useOperatorChange, useOrganizationUsers } from '../queries';
import { setOfficerAccess } from '../requests';
import { Section } from './section';

function OfficerSwitch({ user }: { user: OperatorUser }) {
  const who = user.name ?? user.username;
  const change = useOperatorChange((on: boolean) => setOfficerAccess(user.id, on), {
    success: (updated) =>
      updated.officerAccess ? `${who} has officer access` : `${who} no longer has officer access`,
    failure: 'Officer access did not change',
  });
  const on = change.isPending ? Boolean(change.variables) : user.officerAccess;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`Officer access for ${who}`}
      disabled={change.isPending}
      onClick={() => change.mutate(!user.officerAccess)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60',
        on ? 'bg-primary' : 'bg-input',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'block size-5 rounded-full bg-background shadow transition-transform',
          on ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}

/** The organization's people, each with a switch for the Officers Panel. */
export function OfficersSection({ organizationId }: { organizationId: number }) {
  const people = useOrganizationUsers(organizationId);
  return (
    <Section
      title="Officer access"
      lead="Compliance officers see the audit trail and carry out data-subject requests. Granting and removing it is audited."
    >
      {!people.data ? (
        <Spinner label="Loading the people…" />
      ) : people.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No one in this organization.</p>
      ) : (
        <ul className="divide-y">
          {people.data.map((user) => (
            <li key={user.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium">
                  {user.name ?? user.username}{' '}
                  <Badge variant="outline" className="ml-1">
                    {roleLabels[user.role]}
                  </Badge>
                  {user.status !== 'active' ? (
                    <Badge variant="secondary" className="ml-1">
                      {user.status.replace('_', ' ')}
                    </Badge>
                  ) : null}
                </p>
                <p className="truncate text-muted-foreground">{user.email}</p>
              </div>
              <OfficerSwitch user={user} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
