import type { OrderStatus } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { publishPush } from '../realtime/index.ts';

/** Every member's order views refresh when the change commits (the push rides the transaction). */
export function announceOrder(
  tx: DbOrTx,
  organizationId: number,
  orderId: number,
  status: OrderStatus,
) {
  return publishPush(tx, { organizationId }, { type: 'order', organizationId, orderId, status });
}
