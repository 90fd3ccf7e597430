import { eq } from 'drizzle-orm';
import type { CreateClusterOrder } from '@alpenkube/contract';
import { users } from '../users/schema.ts';
import type { DemoServices } from './demo-services.ts';
import { createTestGateway } from '../payments/index.ts';
import { loadSessionUser } from '../sessions/index.ts';

const SEED_CLIENT = { ip: null, userAgent: 'demo data' };

const pool = (size: string, count: number) => [{ name: 'general', size, count }];

/** The demo organization's orders: one paid (its cluster ordered), one unpaid, one cancelled. */
const DEMO_ORDERS: { order: CreateClusterOrder; then: 'pay' | 'leave' | 'cancel' }[] = [
  {
    order: {
      kind: 'cluster',
      billingCycle: 'yearly',
      cluster: {
        name: 'prod-eu',
        tier: 'blue',
        provider: 'alpenkube',
        region: 'eu-de-fra',
        kubernetesVersion: '1.37',
        nodePools: pool('m-4vcpu-16gb', 3),
        haControlPlane: true,
        addons: ['monitoring', 'backup'],
        supportPlan: 'business',
      },
    },
    then: 'pay',
  },
  {
    order: {
      kind: 'cluster',
      billingCycle: 'monthly',
      cluster: {
        name: 'analytics',
        tier: 'data',
        provider: 'gke',
        region: 'europe-west3',
        kubernetesVersion: '1.36',
        nodePools: pool('l-8vcpu-32gb', 3),
        haControlPlane: false,
        addons: ['monitoring'],
        supportPlan: 'basic',
      },
    },
    then: 'leave',
  },
  {
    order: {
      kind: 'cluster',
      billingCycle: 'monthly',
      cluster: {
        name: 'scratch',
        tier: 'sandbox',
        provider: 'alpenkube',
        region: 'eu-fr-par',
        kubernetesVersion: '1.37',
        nodePools: pool('s-2vcpu-4gb', 1),
        haControlPlane: false,
        addons: [],
        supportPlan: 'basic',
      },
    },
    then: 'cancel',
  },
];

/**
 * Places the demo orders through the order and payment services, with a test card saved
 * through the embedded test gateway, so the demo shows what a customer's own steps produce.
 */
export async function seedDemoOrders(services: DemoServices) {
  const { db } = services;
  if (services.paymentGateway.name !== 'test') return;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  const actor = demo && (await loadSessionUser(db, demo.id));
  if (!actor) return;
  const card = await createTestGateway(services).tokenize({
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  });
  const { method } = await services.paymentMethods.add(actor, { token: card.id }, SEED_CLIENT);
  const { value: catalog } = await services.catalog.catalog();
  for (const [index, { order, then }] of DEMO_ORDERS.entries()) {
    // A real provider (GKE with its project set) may not sell every add-on: left out there.
    const driver = services.providers.driver(order.cluster.provider);
    const addons = order.cluster.addons.filter((slug) => !driver.addonRefusal?.(slug, catalog));
    const { order: placed } = await services.clusters.placeOrder(
      actor,
      { ...order, cluster: { ...order.cluster, addons } },
      `demo-order-${index}`,
      SEED_CLIENT,
    );
    if (then === 'pay') {
      await services.orderPayments.pay(
        actor,
        placed.id,
        { paymentMethodId: method.id },
        SEED_CLIENT,
      );
    }
    if (then === 'cancel') await services.orderPayments.cancel(actor, placed.id, SEED_CLIENT);
  }
}
