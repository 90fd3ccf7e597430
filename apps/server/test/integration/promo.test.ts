import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PROMO_CODE,
  promoDiscount,
  type Order,
  type PayResult,
  type PromoStanding,
} from '@alpenkube/contract';
import { orders } from '../../src/db/schema.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';

/**
 * The banner's code on every kind of order: 5% off an organization's first paid order, whatever
 * it buys, once; and the server's word that hides the banner once it is used.
 */
describe('the promo code on every kind of order', () => {
  let t: TestApp;
  let keys = 0;
  const key = () => `promo-test-${++keys}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  const post = (client: Client, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    client.request({ method, url, headers: { 'idempotency-key': key() }, payload });

  const product = (name: string, promoCode?: string) => ({
    product: 'postgresql',
    plan: 'standard',
    region: 'alpenkube:eu-de-fra',
    name,
    billingCycle: 'monthly',
    ...(promoCode === undefined ? {} : { promoCode }),
  });
  const supportPlan = (promoCode?: string) => ({
    plan: 'business',
    billingCycle: 'monthly',
    ...(promoCode === undefined ? {} : { promoCode }),
  });

  async function placed(response: Awaited<ReturnType<Client['request']>>) {
    // A new order is a 201; a support plan's change answers its order with a 200.
    expect([200, 201], response.body).toContain(response.statusCode);
    return response.json<Order>();
  }

  const pay = (client: Client, orderId: number) => client.post(`/api/orders/${orderId}/pay`, {});
  const standing = async (client: Client) =>
    (await client.get('/api/orders/promo')).json<PromoStanding>();

  function expectDiscounted(order: Order) {
    expect(order.subtotal).toBeGreaterThan(0);
    expect(order.promoCode).toBe(PROMO_CODE);
    expect(order.discount).toBe(promoDiscount(order.subtotal));
    expect(order.total).toBe(order.subtotal - order.discount);
  }

  it('takes 5% off a marketplace product, charges that, and is refused on the next order', async () => {
    const { client } = await clusterOrderer(t.app);
    expect(await standing(client)).toEqual({ code: PROMO_CODE, percent: 5, available: true });
    const order = await placed(
      await post(client, '/api/products', product('first-db', ' welcome5 ')),
    );
    expectDiscounted(order);
    const paid = await pay(client, order.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<PayResult>().order).toMatchObject({
      promoCode: PROMO_CODE,
      total: order.total,
    });
    // Used: the banner hides for every member, and a second order of any kind is refused.
    expect(await standing(client)).toMatchObject({ available: false });
    const again = await post(client, '/api/products', product('second-db', PROMO_CODE));
    expect(again.statusCode).toBe(409);
    expect(again.json().issues).toEqual([
      { path: ['promoCode'], message: expect.stringMatching(/first paid order only/) },
    ]);
    const support = await post(client, '/api/billing/plans', supportPlan(PROMO_CODE), 'PUT');
    expect(support.statusCode).toBe(409);
    // Without the code the next order is placed at its full price.
    const full = await placed(await post(client, '/api/products', product('second-db')));
    expect(full).toMatchObject({ promoCode: null, discount: 0, total: full.subtotal });
  });

  it('takes 5% off a support plan order, and the plan applies when it is paid', async () => {
    const { client, organizationId } = await clusterOrderer(t.app);
    const order = await placed(
      await post(client, '/api/billing/plans', supportPlan(PROMO_CODE), 'PUT'),
    );
    expectDiscounted(order);
    expect((await pay(client, order.id)).statusCode).toBe(200);
    expect(await standing(client)).toMatchObject({ available: false });
    const plans = (await client.get('/api/billing/plans')).json<{ current: string }>();
    expect(plans.current).toBe('business');
    const [row] = await t.app.services.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      organizationId,
      totalCents: order.total,
      discountCents: order.discount,
    });
  });

  it('refuses the code on a free order, which does not use it', async () => {
    const { client } = await clusterOrderer(t.app);
    const free = await post(
      client,
      '/api/billing/plans',
      { plan: 'basic', billingCycle: 'monthly', promoCode: PROMO_CODE },
      'PUT',
    );
    // Basic is the plan a new organization is on: either refused as the same plan or as free.
    expect([400, 409]).toContain(free.statusCode);
    const unknown = await post(client, '/api/products', product('typo-db', 'WELCOME50'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { path: ['promoCode'], message: 'This promo code is not valid' },
    ]);
    expect(await standing(client)).toMatchObject({ available: true });
  });

  it('takes 5% off an add-on when that is the first paid order (the cluster cost nothing)', async () => {
    const { client } = await clusterOrderer(t.app);
    const clusterOrder = await orderCluster(client, { name: 'free-base' });
    await settleJobs(t.app);
    const cluster = await clusterOf(client, clusterOrder.clusterId!);
    // A cluster that cost nothing (a free sandbox period) is no purchase: the code is unused.
    await t.app.services.db
      .update(orders)
      .set({ subtotalCents: 0, totalCents: 0 })
      .where(eq(orders.id, clusterOrder.id));
    expect(await standing(client)).toMatchObject({ available: true });
    const order = await placed(
      await post(client, '/api/addons/orders', {
        clusterId: cluster.id,
        addon: 'backup',
        promoCode: PROMO_CODE,
      }),
    );
    expectDiscounted(order);
    expect((await pay(client, order.id)).statusCode).toBe(200);
    expect(await standing(client)).toMatchObject({ available: false });
  });

  it('goes to one of two orders of different kinds paid at once, never both', async () => {
    const { client } = await clusterOrderer(t.app);
    const productOrder = await placed(
      await post(client, '/api/products', product('race-db', PROMO_CODE)),
    );
    const supportOrder = await placed(
      await post(client, '/api/billing/plans', supportPlan(PROMO_CODE), 'PUT'),
    );
    const answers = await Promise.all([pay(client, productOrder.id), pay(client, supportOrder.id)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    // The loser is priced again without the code (409) or waits on the winner's payment (409).
    expect(codes).toEqual([200, 409]);
    const after = await Promise.all(
      [productOrder, supportOrder].map(async (order) =>
        (await client.get(`/api/orders/${order.id}`)).json<Order>(),
      ),
    );
    const paidWithCode = after.filter(
      (order) => order.status !== 'pending_payment' && order.promoCode,
    );
    expect(paidWithCode).toHaveLength(1);
    const loser = after.find((order) => order.status === 'pending_payment')!;
    // Paid again, the other order costs its full price: at most one more 409 that reprices it.
    if ((await pay(client, loser.id)).statusCode === 409) {
      expect((await pay(client, loser.id)).statusCode).toBe(200);
    }
    expect((await client.get(`/api/orders/${loser.id}`)).json<Order>()).toMatchObject({
      promoCode: null,
      discount: 0,
      total: loser.subtotal,
      paidAt: expect.any(String),
    });
  });
});
