import type { CreditKind, InvoiceStatus } from '@alpenkube/contract/billing';
import type { BadgeProps } from '@/components/ui/badge';

/*
 * The billing page's words and figures. The contract's billing module carries zod, so only its
 * types are imported here: the page stays light, the forms load zod in their own chunk.
 */

type BadgeVariant = NonNullable<BadgeProps['variant']>;

export const creditKindLabels: Record<CreditKind, string> = {
  grant: 'Grant',
  refund: 'Refund',
  proration: 'Unused time',
  promo: 'Promotion',
  payment: 'Payment',
  release: 'Payment released',
  code: 'Credit code',
};

export const invoiceStatusDisplay: Record<InvoiceStatus, { label: string; variant: BadgeVariant }> =
  {
    open: { label: 'Open', variant: 'warning' },
    paid: { label: 'Paid', variant: 'success' },
    void: { label: 'Void', variant: 'secondary' },
  };

/** '+$5.00' or '−$5.00': a signed amount, formatted without its sign then prefixed by it. */
export function signedMoney(money: (cents: number) => string, cents: number) {
  if (cents === 0) return money(0);
  return `${cents > 0 ? '+' : '−'}${money(Math.abs(cents))}`;
}

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const utcDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** An API timestamp for people, in the browser's time zone; an unreadable one as it came. */
export function formatDate(iso: string, withTime = false) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (withTime ? dateTime : dateOnly).format(date);
}

/**
 * An invoice's period, by UTC days as invoices count them: "Mar 1 – 31, 2026". The end is
 * exclusive, so a period that ends at midnight ends on the day before.
 */
export function formatPeriod(startIso: string, endIso: string) {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    return `${startIso} – ${endIso}`;
  const lastMoment = new Date(Math.max(start.getTime(), end.getTime() - 1));
  return utcDay.formatRange(start, lastMoment);
}

/** "20%" from basis points: 2000 → "20%", 550 → "5.5%". */
export function percentOfBasisPoints(basisPoints: number) {
  return `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "Germany" for "DE"; an unknown code as it came, '' for none. */
export function countryName(code: string) {
  if (!code) return '';
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
