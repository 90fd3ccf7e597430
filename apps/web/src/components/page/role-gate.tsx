import { useAccess } from '@/lib/session/use-can';
import type { AccessLevel, AreaReach } from '@alpenkube/contract/permissions';

/**
 * Shows `children` (a form, a set of actions) to those whose role may use it, and to the others
 * why not, in the words the server would refuse them with; nothing while that is being found out.
 */
export function RoleGate({
  level,
  reach,
  children,
}: {
  level: AccessLevel;
  reach: AreaReach;
  children: React.ReactNode;
}) {
  const { allowed, refusal } = useAccess(level, reach);
  if (allowed) return children;
  if (!refusal) return null;
  return <p className="rounded-xl border p-4 text-sm text-muted-foreground">{refusal}</p>;
}
