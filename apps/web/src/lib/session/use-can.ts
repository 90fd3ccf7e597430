import { useQuery } from '@tanstack/react-query';
import type { User } from '@alpenkube/contract';
import {
  can,
  refusalMessage,
  roleReaches,
  roleRefusalMessage,
  splitReach,
  type AccessLevel,
  type Actor,
  type AreaReach,
} from '@alpenkube/contract/permissions';
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
 * Whether the signed-in user may reach what `level` guards, and with `reach` what their role
 * lets them do in that part of the organization (`clusters:write`), by the same table the
 * server applies (`can` and `roleAllows` in @alpenkube/contract/permissions), and whether that
 * is still being found out (the session, or for `officer` the officers-access check). The web
 * app only hides what the server would refuse anyway.
 */
export function useAccess(
  level: AccessLevel,
  reach?: AreaReach,
): {
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
  const allowed =
    !pending && can(actor, level) && (!reach || (actor !== null && roleReaches(actor.role, reach)));
  const refusal = pending || allowed || !actor ? null : refusalOf(actor, level, reach);
  return { allowed, pending, refusal };
}

function refusalOf(actor: Actor, level: AccessLevel, reach: AreaReach | undefined) {
  if (!can(actor, level) || !reach) return refusalMessage(actor, level);
  const [area, access] = splitReach(reach);
  return roleRefusalMessage(actor.role, access, area);
}

/** `useAccess(level, reach).allowed`: for menus and buttons, hidden until it is known. */
export function useCan(level: AccessLevel, reach?: AreaReach): boolean {
  return useAccess(level, reach).allowed;
}

/**
 * Whether the signed-in member's role reaches a part of the organization (`clusters:read`), for
 * pages that leave out what the role does not reach; true while nobody is signed in.
 */
export function useRoleReaches(): (reach: AreaReach) => boolean {
  const role = useAuth().user?.role;
  return (reach) => !role || roleReaches(role, reach);
}
