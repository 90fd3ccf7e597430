import type { OrganizationStatusName } from '@alpenkube/contract';
import type { BadgeProps } from '@/components/ui/badge';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

export const organizationStatusDisplay: Record<
  OrganizationStatusName,
  { label: string; variant: BadgeVariant }
> = {
  pending_approval: { label: 'Pending approval', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  suspended: { label: 'Suspended', variant: 'destructive' },
};

/** The list's tabs: a status each, then every organization. */
export const statusTabs: { status: OrganizationStatusName | undefined; label: string }[] = [
  { status: 'pending_approval', label: 'Pending approval' },
  { status: 'active', label: 'Active' },
  { status: 'suspended', label: 'Suspended' },
  { status: undefined, label: 'All' },
];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Operators read the ledger as it is kept: US dollars, whatever the display currency. */
export const formatUsd = (cents: number) => usd.format(cents / 100);

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDay(iso: string | null) {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

/** "3 days" waiting, for a pending organization; "today" under a day. */
export function waitingFor(iso: string, now = Date.now()) {
  const days = Math.floor((now - new Date(iso).getTime()) / 86_400_000);
  if (!(days > 0)) return 'today';
  return days === 1 ? '1 day' : `${days} days`;
}

/** "1,250.50" or "$1250.5" → 125050 cents; null when it is not dollars and cents. */
export function parseDollars(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}
