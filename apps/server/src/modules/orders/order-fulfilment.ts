import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderEvents, orders } from './schema.ts';
import { lockOrder } from './order-records.ts';
import { moveCredit } from '../credits/index.ts';
import { assertOrderTransition, orderNumber } from './order-states.ts';
import { announceOrder } from './order-events.ts';
import { dollars } from '../../lib/money.ts';

/**
 * How a paid order ends once what it bought is set up (`completed`) or could not be (`failed`,
 * and what was paid goes back to the organization's credit balance), called by the module that
 * sells its kind in the transaction that finishes the set-up.
 */
export function createOrderFulfilment() {
  return {
    async completed(tx: Tx, orderId: number, note: string) {
      const order = await lockOrder(tx, orderId);
      if (!order || order.status === 'completed') return;
      assertOrderTransition(order, 'completed');
      await tx
        .update(orders)
        .set({ status: 'completed', updatedAt: new Date() })
        .where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({ orderId, status: 'completed', note });
      await announceOrder(tx, order.organizationId, orderId, 'completed');
    },

    async failed(tx: Tx, orderId: number, reason: string): Promise<number> {
      const order = await lockOrder(tx, orderId);
      if (!order || order.status === 'failed') return 0;
      assertOrderTransition(order, 'failed');
      // Everything paid, card and credit alike, comes back as credit: the next order uses it.
      const refund = order.totalCents;
      await tx
        .update(orders)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(eq(orders.id, orderId));
      await moveCredit(tx, {
        organizationId: order.organizationId,
        kind: 'refund',
        amountCents: refund,
        description: `Order ${orderNumber(orderId)} could not be fulfilled: ${reason}`,
        orderId,
      });
      await tx.insert(orderEvents).values({
        orderId,
        status: 'failed',
        note: `${reason}. ${dollars(refund)} returned to the credit balance`,
      });
      await announceOrder(tx, order.organizationId, orderId, 'failed');
      return refund;
    },
  };
}
