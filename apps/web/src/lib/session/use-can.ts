import { useQuery } from '@tanstack/react-query';
import type { User } from '@alpenkube/contract';
import { can, refusalMessage, type AccessLevel, type Actor } from '@alpenkube/contract/permissions';
import { useAuth } from './use-auth';
import { officersAccessQuery } from './use-officers-access';

/** The permission table's view of a user; officer access comes from its own check. */
export function actorOf(user: User | null, officerAccess: boolean): Actor | null {
  if (!user) return null;
  return {
    role: user.role,
    status: user.status,
    emailVerified: user.emailVerified,
    organizationStatus: user.organizationStatus,
    officerAccess,
    mfaEnabled: user.mfaEnabled,
    mfaSetupRequired: user.mfaSetupRequired,
  };
}

/**
 * Whether the signed-in user may reach what `level` guards, by the same table the server
 * applies (`can` in @alpenkube/contract/permissions), and whether that is still being found
 * out (the session, or for `officer` the officers-access check). The web app only hides what
 * the server would refuse anyway.
 */
export function useAccess(level: AccessLevel): {
  allowed: boolean;
  pending: boolean;
  /** Why a signed-in user is refused, in the server's words; null while allowed or unknown. */
  refusal: string | null;
} {
  const { user, isLoading } = useAuth();
  const needsOfficerCheck = level === 'officer' && Boolean(user);
  const officer = useQuery({ ...officersAccessQuery(), enabled: needsOfficerCheck });
  const pending = isLoading || (needsOfficerCheck && officer.isPending);
  const actor = actorOf(user, officer.data === true);
  const allowed = !pending && can(actor, level);
  const refusal = pending || allowed || !actor ? null : refusalMessage(actor, level);
  return { allowed, pending, refusal };
}

/** `useAccess(level).allowed`: for menus and buttons, which stay hidden until it is known. */
export function useCan(level: AccessLevel): boolean {
  return useAccess(level).allowed;
}
