import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMembersChange, useMembersSummary } from '../queries';
import { setMfaRequired } from '../requests';
import { useOrganizationScope } from '../use-organization-scope';
import { useAuth } from '@/lib/session/use-auth';

/** The organization's "Require two-factor" setting. */
export function MfaRequirement() {
  const { user } = useAuth();
  const { superAdmin, organizationId } = useOrganizationScope();
  const summary = useMembersSummary(organizationId);
  const change = useMembersChange(
    (required: boolean) => setMfaRequired(required, organizationId),
    (result) =>
      result.mfaRequired
        ? 'Two-factor authentication is now required'
        : 'Two-factor authentication is no longer required',
  );
  if (superAdmin && !organizationId) {
    return (
      <p className="text-sm text-muted-foreground">
        Choose an organization above to see and change its setting.
      </p>
    );
  }
  if (!summary.data) return <Spinner label="Loading the setting…" className="py-6" />;
  const required = summary.data.mfaRequired === true;
  const ownOrganization = !organizationId;
  return (
    <section aria-label="Require two-factor" className="max-w-2xl space-y-4">
      <p className="text-sm">
        When required, every member without two-factor authentication is led to set it up at their
        next request, and reaches nothing else of{' '}
        {summary.data.organizationName ?? 'the organization'} until they have.
      </p>
      <p className="text-sm font-medium">
        Two-factor authentication is {required ? 'required' : 'optional'} for this organization.
      </p>
      {!required && ownOrganization && user && !user.mfaEnabled ? (
        <FormAlert variant="warning" title="Set it up for yourself first">
          Requiring it now would lock you out.{' '}
          <Link className="underline" to={`${paths.settings}#two-factor`}>
            Set up two-factor in Settings
          </Link>
          .
        </FormAlert>
      ) : null}
      <Button
        variant={required ? 'outline' : 'default'}
        disabled={change.isPending}
        onClick={() => change.mutate(!required)}
      >
        {required ? 'Stop requiring two-factor' : 'Require two-factor'}
      </Button>
    </section>
  );
}
