import { and, eq } from 'drizzle-orm';
import { clusters } from '../clusters/schema.ts';
import { users } from '../users/schema.ts';
import type { DemoServices } from './demo-services.ts';
import { loadSessionUser } from '../sessions/index.ts';

const SEED_CLIENT = { ip: null, userAgent: 'demo data' };

/**
 * The demo organization's add-on orders, through the customer's own steps once its clusters
 * have their prepaid periods: Monitoring for eu-shop paid (its job installs it when the server
 * runs jobs, and the order completes), Logging for batch-jobs waiting for payment.
 */
const DEMO_ADDON_ORDERS = [
  { cluster: 'eu-shop', addon: 'monitoring', pay: true },
  { cluster: 'batch-jobs', addon: 'logging', pay: false },
];

export async function seedDemoAddons(services: DemoServices) {
  const { db } = services;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  const actor = demo && (await loadSessionUser(db, demo.id));
  if (!actor) return;
  const [card] = await services.paymentMethods.list(actor.organizationId);
  for (const [index, { cluster: name, addon, pay }] of DEMO_ADDON_ORDERS.entries()) {
    const [cluster] = await db
      .select({ id: clusters.id })
      .from(clusters)
      .where(and(eq(clusters.organizationId, actor.organizationId), eq(clusters.name, name)));
    if (!cluster) continue;
    const { order } = await services.addons.order(
      actor,
      { clusterId: cluster.id, addon },
      `demo-addon-order-${index}`,
      SEED_CLIENT,
    );
    if (pay) {
      await services.orderPayments.pay(
        actor,
        order.id,
        card ? { paymentMethodId: card.id } : {},
        SEED_CLIENT,
      );
    }
  }
}
