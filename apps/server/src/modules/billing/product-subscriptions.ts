import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { OrderRecord } from '../orders/index.ts';
import { subscriptions } from './schema.ts';
import { moveCredit } from '../credits/index.ts';
import { addPeriod } from './periods.ts';
import { cancelSubscription, unusedPart } from './subscriptions.ts';

type OrderRow = OrderRecord;

async function lockProductSubscription(tx: Tx, instanceId: number) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.productInstanceId, instanceId), ne(subscriptions.status, 'cancelled')),
    )
    .for('update');
  return row ?? null;
}

/**
 * What the products module tells billing and asks of it, in its own transactions: the
 * composition root passes these to it, so the products module does not know this one.
 */
export function createProductBillingHooks() {
  return {
    /** A paid product order's first period: from payment, a calendar month (or a year) long. */
    async opened(
      tx: Tx,
      order: OrderRow,
      instanceId: number,
      input: { plan: string; paidAt: Date },
    ) {
      await tx.insert(subscriptions).values({
        organizationId: order.organizationId,
        kind: 'product',
        productInstanceId: instanceId,
        productPlan: input.plan,
        orderId: order.id,
        billingCycle: order.billingCycle,
        periodPriceCents: order.subtotalCents,
        periodStart: input.paidAt,
        periodEnd: addPeriod(input.paidAt, order.billingCycle),
      });
    },

    /**
     * The current period of a product: its bounds, its price, the whole hours left, and what
     * cancelling now would give back (the unused part of what was paid).
     */
    async period(tx: Tx, instanceId: number, now = new Date()) {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.productInstanceId, instanceId),
            ne(subscriptions.status, 'cancelled'),
          ),
        );
      if (!row) return null;
      const { credit, hoursLeft, hours } = await unusedPart(tx, row, row.periodPriceCents, now);
      return {
        start: row.periodStart,
        end: row.periodEnd,
        price: row.periodPriceCents,
        hoursLeft,
        hours,
        cancelCredit: credit,
      };
    },

    /**
     * The product runs on a new plan from now: the period keeps its end and is priced at the
     * new plan from the next renewal on. A downgrade's `credit` goes to the balance.
     */
    async planChanged(
      tx: Tx,
      instanceId: number,
      input: { plan: string; periodPrice: number; credit: number; what: string },
    ) {
      const subscription = await lockProductSubscription(tx, instanceId);
      if (!subscription) return;
      await tx
        .update(subscriptions)
        .set({
          productPlan: input.plan,
          periodPriceCents: input.periodPrice,
          updatedAt: new Date(),
        })
        .where(eq(subscriptions.id, subscription.id));
      await moveCredit(tx, {
        organizationId: subscription.organizationId,
        kind: 'proration',
        amountCents: input.credit,
        description: input.what,
      });
    },

    /** The product is gone: the unused prepaid part back as credit (answered), and no renewal. */
    async cancelled(tx: Tx, instanceId: number, what: string, now = new Date()): Promise<number> {
      const subscription = await lockProductSubscription(tx, instanceId);
      if (!subscription) return 0;
      const { credit, hoursLeft, hours } = await unusedPart(
        tx,
        subscription,
        subscription.periodPriceCents,
        now,
      );
      await moveCredit(tx, {
        organizationId: subscription.organizationId,
        kind: 'proration',
        amountCents: credit,
        description: `${what} cancelled: the unused part of its prepaid period, ${hoursLeft} of ${hours} hours`,
      });
      await cancelSubscription(tx, subscription, now);
      return credit;
    },

    /** Its provisioning failed (the order is refunded in full): only the subscription ends. */
    async provisioningFailed(tx: Tx, instanceId: number) {
      const subscription = await lockProductSubscription(tx, instanceId);
      if (subscription) await cancelSubscription(tx, subscription, new Date());
    },
  };
}
export type ProductBillingHooks = ReturnType<typeof createProductBillingHooks>;
