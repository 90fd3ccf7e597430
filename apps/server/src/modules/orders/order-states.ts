import type { OrderStatus } from '@alpenkube/contract';
import { conflict } from '../../lib/http-error.ts';

/**
 * Where each order status may go. Every status change of an order goes through
 * `assertOrderTransition`, so a change asked of an order in the wrong state is a 409 that says
 * why, whichever route asked.
 */
const next: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['fulfilling'],
  fulfilling: ['completed', 'failed'],
  completed: [],
  failed: [],
  cancelled: [],
};

export const orderNumber = (id: number) => `ORD-${String(id).padStart(6, '0')}`;

const statusWords: Record<OrderStatus, string> = {
  pending_payment: 'waiting for payment',
  paid: 'paid',
  fulfilling: 'paid and being fulfilled',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

function refusal(order: { id: number; status: OrderStatus }, to: OrderStatus): string {
  const subject = `Order ${orderNumber(order.id)} is ${statusWords[order.status]}`;
  switch (to) {
    case 'cancelled':
      return `${subject}: only an order waiting for payment can be cancelled.`;
    case 'paid':
      return `${subject}: it cannot be paid.`;
    default:
      return `${subject}: it cannot become ${statusWords[to]}.`;
  }
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return next[from].includes(to);
}

export function assertOrderTransition(order: { id: number; status: OrderStatus }, to: OrderStatus) {
  if (!canTransition(order.status, to)) throw conflict(refusal(order, to));
}
