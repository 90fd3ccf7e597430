import { eq, inArray } from 'drizzle-orm';
import { openOrderStatuses } from '@alpenkube/contract';
import { inOrganization } from '../../db/organization-scope.ts';
import type { Tx } from '../../db/client.ts';
import { orderEvents, orders } from './schema.ts';
import { moveCredit } from '../credits/index.ts';
import { assertOrderTransition, orderNumber } from './order-states.ts';
import { announceOrder } from './order-events.ts';
import { dollars } from '../../lib/money.ts';
import { addonOfOrder, fulfillingAddonOrders } from './addon-orders.ts';

/**
 * What the clusters module needs of orders: how a paid order ends once its cluster is set up
 * (`completed`) or could not be (`failed`, and what was paid goes back to the organization's
 * credit balance), called in the transaction that finishes the provisioning, and whether an
 * open order holds a cluster name.
 */
export function createOrderFulfilment() {
  async function lockOrder(tx: Tx, orderId: number) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    return order;
  }

  return {
    /** Whether an open order of the organization holds a cluster name (it will be its cluster's). */
    async holdsName(tx: Tx, organizationId: number, name: string): Promise<boolean> {
      const [holder] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          inOrganization(
            orders,
            organizationId,
            eq(orders.clusterName, name),
            inArray(orders.status, [...openOrderStatuses]),
          ),
        );
      return Boolean(holder);
    },

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

    async addonSettled(tx: Tx, clusterId: number, slug: string, failure: string | null) {
      const [order] = (await fulfillingAddonOrders(tx, clusterId)).filter(
        (candidate) => addonOfOrder(candidate) === slug,
      );
      if (!order) return 0;
      if (failure) return this.failed(tx, order.id, failure);
      await this.completed(tx, order.id, `${order.description.replace(/^Add-on /, '')}: installed`);
      return 0;
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
