import type { AssignableRole, MemberStatus, PromotionStatus } from '@alpenkube/contract';
import type { BadgeProps } from '@/components/ui/badge';

/** A role as the people pages' menu and toasts name a person who holds it. */
export const roleNouns: Record<AssignableRole, { menu: string; toast: string }> = {
  admin: { menu: 'Make admin', toast: 'an admin' },
  user: { menu: 'Make customer', toast: 'a customer' },
  billing: { menu: 'Make billing member', toast: 'a billing member' },
  viewer: { menu: 'Make read-only member', toast: 'a read-only member' },
};

export const statusDisplay: Record<
  MemberStatus,
  { label: string; variant: NonNullable<BadgeProps['variant']> }
> = {
  active: { label: 'Active', variant: 'success' },
  pending_approval: { label: 'Pending approval', variant: 'warning' },
  disabled: { label: 'Disabled', variant: 'secondary' },
  rejected: { label: 'Rejected', variant: 'destructive' },
};

export const promotionDisplay: Record<
  PromotionStatus,
  { label: string; variant: NonNullable<BadgeProps['variant']> }
> = {
  pending: { label: 'Waiting for an answer', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  refused: { label: 'Refused', variant: 'secondary' },
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string | null) =>
  iso ? dateTimeFormat.format(new Date(iso)) : 'Never';

export const personName = (person: { name: string | null; username: string }) =>
  person.name || person.username;
