import { eq } from 'drizzle-orm';
import type { CreateProductOrder } from '@alpenkube/contract';
import { users } from '../users/schema.ts';
import type { DemoServices } from './demo-services.ts';
import { loadSessionUser } from '../sessions/index.ts';

const SEED_CLIENT = { ip: null, userAgent: 'demo data' };

/** The demo organization's marketplace products: a database and an identity provider. */
const DEMO_PRODUCTS: CreateProductOrder[] = [
  {
    product: 'postgresql',
    plan: 'standard',
    region: 'alpenkube:eu-de-fra',
    name: 'orders-db',
    billingCycle: 'monthly',
  },
  {
    product: 'identity',
    plan: 'business',
    region: 'alpenkube:eu-fr-par',
    name: 'customer-sso',
    billingCycle: 'yearly',
  },
];

/**
 * Orders and pays the demo products through the customer's own steps (after the demo orders
 * saved a card): their provisioning jobs make them active in the first seconds after start.
 */
export async function seedDemoProducts(services: DemoServices) {
  const { db } = services;
  if (services.paymentGateway.name !== 'test') return;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  const actor = demo && (await loadSessionUser(db, demo.id));
  if (!actor) return;
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const { order } = await services.products.order(
      actor,
      product,
      `demo-product-${index}`,
      SEED_CLIENT,
    );
    await services.orderPayments.pay(actor, order.id, {}, SEED_CLIENT);
  }
}
