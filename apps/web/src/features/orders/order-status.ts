import type { OrderKind, OrderStatus } from '@alpenkube/contract';
import type { openOrderStatuses } from '@alpenkube/contract/orders';
import type { BadgeProps } from '@/components/ui/badge';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

/**
 * The one look of an order status, wherever a badge or a timeline shows it: a label, a badge
 * colour and a sentence for the order's page.
 */
export const orderStatusDisplay: Record<
  OrderStatus,
  { label: string; variant: BadgeVariant; explanation: string }
> = {
  pending_payment: {
    label: 'Pending payment',
    variant: 'warning',
    explanation: 'Waiting for payment: complete it, or cancel the order.',
  },
  paid: {
    label: 'Paid',
    variant: 'default',
    explanation: 'Paid: what you ordered is about to be set up.',
  },
  fulfilling: {
    label: 'Fulfilling',
    variant: 'default',
    explanation: 'Paid and being set up. You will be notified when it is ready.',
  },
  completed: {
    label: 'Completed',
    variant: 'success',
    explanation: 'Delivered: everything this order bought is set up.',
  },
  failed: {
    label: 'Failed',
    variant: 'destructive',
    explanation: 'It could not be delivered; the amount paid was credited back.',
  },
  cancelled: {
    label: 'Cancelled',
    variant: 'secondary',
    explanation: 'Cancelled before payment: nothing was charged.',
  },
};

/** Every status, in the order of an order's life (for the status filter). */
export const orderStatusList = Object.keys(orderStatusDisplay) as OrderStatus[];

/**
 * Orders still waiting on the customer or on the platform. The contract's list carries zod, so
 * this copy keeps the pages light; a unit test checks that the two agree.
 */
export const openStatuses = [
  'pending_payment',
  'paid',
  'fulfilling',
] as const satisfies typeof openOrderStatuses;

export const isOpenStatus = (status: OrderStatus) =>
  (openStatuses as readonly OrderStatus[]).includes(status);

export const orderKindLabels: Record<OrderKind, string> = {
  cluster: 'Cluster',
  addon: 'Add-on',
  product: 'Product',
  support: 'Support plan',
  high_availability: 'High availability',
};

export const paymentStatusLabels = {
  processing: 'Processing',
  requires_action: 'Waiting for your confirmation',
  succeeded: 'Succeeded',
  failed: 'Failed',
} as const;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An API timestamp for people; an unreadable one is shown as it came. */
export function formatOrderDate(iso: string, withTime = true) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (withTime ? dateTime : dateOnly).format(date);
}

export const billingCycleLabels = { monthly: 'Monthly', yearly: 'Yearly' } as const;
