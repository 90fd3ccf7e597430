import type { User } from '@alpenkube/contract';
import { toPublicUser, type SessionUser } from '../sessions/session-store.ts';

/**
 * The signed-in user as they may see themselves. A member whose request to join still waits for
 * an admin sees nothing of the organization, not even its name or Billing ID.
 */
export function toAccountView(user: SessionUser): User {
  const view = toPublicUser(user);
  if (user.status !== 'pending_approval') return view;
  return { ...view, companyName: null, companyId: null };
}
