import { Outlet } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import type { AccessLevel } from '@alpenkube/contract/permissions';
import { Spinner } from '@/components/ui/spinner';
import { useAccess } from '@/lib/session/use-can';

/**
 * Guards routes by access level, inside RequireAuth (so someone is signed in): while the check
 * runs a spinner, then either the page or a plain refusal. Typing the URL of a page one may
 * not see shows that refusal, never the page; the server refuses its data anyway.
 */
export function RequireAccess({ level }: { level: AccessLevel }) {
  const { allowed, pending } = useAccess(level);
  if (pending) {
    return <Spinner className="min-h-[50vh]" size="lg" label="Checking your access..." />;
  }
  if (!allowed) return <AccessDenied />;
  return <Outlet />;
}

export function AccessDenied() {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center"
    >
      <ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">You do not have access to this page</h1>
      <p className="text-muted-foreground">
        Your account is not allowed to open this page. If you think it should be, ask your
        organization&apos;s admin.
      </p>
    </section>
  );
}

/** The guards of the route table, one per level it uses (a lazy route takes no props). */
export const OfficerRoutes = () => <RequireAccess level="officer" />;
export const OrgAdminRoutes = () => <RequireAccess level="orgAdmin" />;
export const SuperAdminRoutes = () => <RequireAccess level="superAdmin" />;
