import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';

/**
 * The organization a super admin looks at, from `?organization=<id>` (the organizations page
 * links here with it); undefined for every organization. An admin always sees their own, so the
 * parameter means nothing for them.
 */
export function useOrganizationScope() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const superAdmin = user?.role === 'super_admin';
  const raw = Number(searchParams.get('organization'));
  const organizationId = superAdmin && Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const setOrganizationId = (id: number | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('organization', String(id));
        else next.delete('organization');
        return next;
      },
      { replace: true },
    );
  return { superAdmin, organizationId, setOrganizationId };
}
