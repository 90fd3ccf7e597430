import type { User } from '@alpenkube/contract';

/** The account menu's texts and their defaults. */
export function identityOf(user: User) {
  const label = user.username || user.email;
  return {
    label,
    email: user.email,
    company: user.companyName || 'Organization',
    billingId: user.companyId || 'N/A',
    initial: (label || 'U').charAt(0).toUpperCase() || 'U',
  };
}
