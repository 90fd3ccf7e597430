import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import {
  STAFF_MFA_REQUIRED,
  type AccessLevel,
  type AreaReach,
} from '@alpenkube/contract/permissions';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/session/use-auth';
import { useAccess } from '@/lib/session/use-can';
import { isWaitingToJoin, WaitingForApproval } from './waiting-to-join';

/**
 * Guards routes by access level, inside RequireAuth (so someone is signed in): while the check
 * runs a spinner, then either the page or a plain refusal. Typing the URL of a page one may
 * not see shows that refusal, never the page; the server refuses its data anyway.
 */
export function RequireAccess({ level, reach }: { level: AccessLevel; reach?: AreaReach }) {
  const { user } = useAuth();
  const { allowed, pending, refusal } = useAccess(level, reach);
  if (pending) {
    return <Spinner className="min-h-[50vh]" size="lg" label="Checking your access..." />;
  }
  if (refusal === STAFF_MFA_REQUIRED) return <StaffTwoFactorRequired />;
  // What a member sees, a person waiting to join will see once approved: they are told so.
  if (!allowed && level === 'member' && isWaitingToJoin(user)) {
    return (
      <Suspense fallback={<Spinner className="min-h-[50vh]" size="lg" label="Loading..." />}>
        <WaitingForApproval user={user} />
      </Suspense>
    );
  }
  if (!allowed) return <AccessDenied reason={reach ? refusal : null} />;
  return <Outlet />;
}

/** Platform staff without a second factor: their platform pages wait until they set one up. */
function StaffTwoFactorRequired() {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center"
    >
      <ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">Set up two-factor authentication first</h1>
      <p className="text-muted-foreground">
        Platform staff act for every organization: these pages need a second factor on your own
        account, whatever your organization requires.
      </p>
      <Button asChild>
        <Link to={`${paths.settings}#two-factor`}>Set up two-factor</Link>
      </Button>
    </section>
  );
}

/** A refusal; `reason` is the member's role's, said instead of the general words. */
export function AccessDenied({ reason = null }: { reason?: string | null }) {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center"
    >
      <ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">You do not have access to this page</h1>
      <p className="text-muted-foreground">
        {reason ??
          'Your account is not allowed to open this page. If you think it should be, ask your organization’s admin.'}
      </p>
    </section>
  );
}

/** The guards of the route table, one per level it uses (a lazy route takes no props). */
export const OfficerRoutes = () => <RequireAccess level="officer" />;
/** The organization's own pages: a person still waiting to join it sees what they wait for. */
export const MemberRoutes = () => <RequireAccess level="member" />;
/** The organization's pages of one area, for members whose role reaches it. */
export const ClusterRoutes = () => <RequireAccess level="member" reach="clusters:read" />;
export const OrderRoutes = () => <RequireAccess level="member" reach="orders:read" />;
export const BillingRoutes = () => <RequireAccess level="member" reach="billing:read" />;
export const OrgAdminRoutes = () => <RequireAccess level="orgAdmin" />;
export const SuperAdminRoutes = () => <RequireAccess level="superAdmin" />;
