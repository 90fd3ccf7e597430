import type { Order, OrderSummary } from '@alpenkube/contract';
import type { OrderMade } from './order-kinds.ts';
import type { orderEvents, orders, payments } from './schema.ts';
import { orderNumber } from './order-states.ts';

type OrderRow = typeof orders.$inferSelect;
type SummaryRow = Pick<
  OrderRow,
  | 'id'
  | 'kind'
  | 'status'
  | 'description'
  | 'billingCycle'
  | 'totalCents'
  | 'createdAt'
  | 'updatedAt'
>;
type PaymentRow = typeof payments.$inferSelect & { card: { brand: string; last4: string } | null };

export function toOrderSummary(row: SummaryRow): OrderSummary {
  return {
    id: row.id,
    number: orderNumber(row.id),
    kind: row.kind,
    status: row.status,
    description: row.description,
    billingCycle: row.billingCycle,
    currency: 'USD',
    total: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The order as its page shows it: lines of the billing cycle it was ordered with. */
export function toOrder(
  row: OrderRow,
  events: (typeof orderEvents.$inferSelect)[],
  payment: PaymentRow | null,
  made: OrderMade,
): Order {
  const yearly = row.billingCycle === 'yearly';
  return {
    ...toOrderSummary(row),
    lines: row.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      quantity: line.quantity,
      unitAmount: yearly ? line.unitYearly : line.unitMonthly,
      amount: yearly ? line.yearly : line.monthly,
    })),
    subtotal: row.subtotalCents,
    discount: row.discountCents,
    promoCode: row.promoCode,
    creditApplied: row.creditAppliedCents,
    amountDue: row.totalCents - row.creditAppliedCents,
    paidAt: row.paidAt?.toISOString() ?? null,
    cluster: row.clusterConfig ?? null,
    clusterId: made.clusterId ?? null,
    targetClusterId: row.targetClusterId,
    productInstanceId: row.productInstanceId ?? made.productInstanceId ?? null,
    timeline: events.map((event) => ({
      status: event.status,
      note: event.note,
      at: event.createdAt.toISOString(),
    })),
    payment: payment && {
      status: payment.status,
      cardAmount: payment.cardAmountCents,
      creditAmount: payment.creditAmountCents,
      card: payment.card,
      challengeUrl: payment.status === 'requires_action' ? payment.challengeUrl : null,
      failureMessage: payment.failureMessage,
    },
  };
}
