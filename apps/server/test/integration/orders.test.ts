import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PROMO_CODE,
  priceCluster,
  promoDiscount,
  type Catalog,
  type CreateClusterOrder,
  type Order,
  type PayResult,
} from '@alpenkube/contract';
import {
  auditEvents,
  clusters,
  notifications,
  organizations,
  payments,
  testGatewayCharges,
  users,
} from '../../src/db/schema.ts';
import { dollars as dollarsOf } from '../../src/lib/money.ts';
import { Client, createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

const cluster: CreateClusterOrder['cluster'] = {
  name: 'prod-eu',
  tier: 'blue',
  provider: 'alpenkube',
  region: 'eu-fr-par',
  kubernetesVersion: '1.37',
  nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
  haControlPlane: false,
  addons: ['monitoring'],
  supportPlan: 'basic',
};

const order = (overrides: Partial<CreateClusterOrder> = {}): CreateClusterOrder => ({
  kind: 'cluster',
  cluster,
  billingCycle: 'monthly',
  ...overrides,
});

const CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  noFunds: '4000000000009995',
  challenge: '4000002760003184',
};

describe('orders and checkout', () => {
  let t: TestApp;
  let catalog: Catalog;
  let keys = 0;
  const key = () => `test-key-${++keys}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    catalog = (await t.app.inject({ method: 'GET', url: '/api/catalog' })).json();
  });
  afterAll(() => t.close());

  /** A member of a fresh, approved organization with a verified address: one who may order. */
  async function orderer(
    standing: { organization?: 'active' | 'pending_approval'; verified?: boolean } = {},
  ) {
    const { client, user } = await registerUser(t.app, {
      companyName: `Orders Co ${Math.random().toString(36).slice(2, 10)}`,
    });
    const { db, sessions } = t.app.services;
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    await db
      .update(users)
      .set({ emailVerified: standing.verified ?? true })
      .where(eq(users.id, user.id));
    await db
      .update(organizations)
      .set({ status: standing.organization ?? 'active' })
      .where(eq(organizations.id, row!.organizationId));
    await sessions.userChanged(db, user.id);
    return { client, userId: user.id, organizationId: row!.organizationId };
  }

  const place = (client: Client, body: object, idempotencyKey = key()) =>
    client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': idempotencyKey },
      payload: body,
    });

  async function placed(client: Client, body: object = order()) {
    const response = await place(client, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  }

  async function addCard(client: Client, number: string) {
    const token = await client.post('/test-gateway/v1/tokens', {
      number,
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    });
    expect(token.statusCode, token.body).toBe(201);
    const method = await client.post('/api/billing/payment-methods', {
      token: token.json<{ id: string }>().id,
    });
    expect(method.statusCode, method.body).toBe(201);
    return method.json<{ id: number }>().id;
  }

  const pay = (client: Client, orderId: number, paymentMethodId?: number) =>
    client.post(`/api/orders/${orderId}/pay`, paymentMethodId ? { paymentMethodId } : {});

  const chargesOf = async (orderId: number) => {
    const attempts = await t.app.services.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId));
    const charges = await t.app.services.db.select().from(testGatewayCharges);
    return {
      attempts,
      charges: charges.filter((charge) =>
        attempts.some((attempt) => charge.idempotencyKey === `payment-${attempt.id}`),
      ),
    };
  };

  describe('placing an order', () => {
    it('prices it on the server, waiting for payment, with its lines and a timeline', async () => {
      const { client } = await orderer();
      const created = await placed(client);
      const quote = priceCluster({ ...cluster, billingCycle: 'monthly' }, catalog);
      expect(created).toMatchObject({
        kind: 'cluster',
        status: 'pending_payment',
        number: `ORD-${String(created.id).padStart(6, '0')}`,
        description: 'Cluster prod-eu: Standard, 3 nodes',
        subtotal: quote.total,
        discount: 0,
        total: quote.total,
        creditApplied: 0,
        amountDue: quote.total,
        billingCycle: 'monthly',
        clusterId: null,
        payment: null,
        cluster: { ...cluster, billingCycle: 'monthly' },
      });
      expect(created.lines.map((line) => line.amount)).toEqual(quote.lines.map((l) => l.monthly));
      expect(created.timeline).toEqual([
        { status: 'pending_payment', note: 'Order placed', at: expect.any(String) },
      ]);
    });

    it('charges the yearly price for a yearly order', async () => {
      const { client } = await orderer();
      const created = await placed(client, order({ billingCycle: 'yearly' }));
      const quote = priceCluster({ ...cluster, billingCycle: 'yearly' }, catalog);
      expect(created.total).toBe(quote.yearly);
      expect(created.lines[0]!.unitAmount).toBe(quote.lines[0]!.unitYearly);
    });

    it('answers the same order for the same Idempotency-Key, also when two requests race', async () => {
      const { client } = await orderer();
      const first = await place(client, order(), 'same-key');
      const again = await place(client, order(), 'same-key');
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json<Order>().id).toBe(first.json<Order>().id);

      const raced = await Promise.all([
        place(client, order({ cluster: { ...cluster, name: 'raced' } }), 'race-key'),
        place(client, order({ cluster: { ...cluster, name: 'raced' } }), 'race-key'),
      ]);
      expect(raced.map((response) => response.statusCode)).toEqual([201, 201]);
      expect(new Set(raced.map((response) => response.json<Order>().id)).size).toBe(1);
      const list = (await client.get('/api/orders')).json<Order[]>();
      expect(list).toHaveLength(2);
    });

    it('refuses a reused key with another body, and a missing key', async () => {
      const { client } = await orderer();
      await placed(client, order());
      const reused = await place(client, order({ billingCycle: 'yearly' }), `test-key-${keys}`);
      expect(reused.statusCode).toBe(409);
      expect(reused.json().message).toBe(
        'This Idempotency-Key was already used for a different order.',
      );
      const missing = await client.post('/api/orders', order());
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/Send an Idempotency-Key header/);
    });

    it('refuses a configuration the catalog does not allow, naming each field', async () => {
      const { client } = await orderer();
      const response = await place(
        client,
        order({
          cluster: {
            ...cluster,
            region: 'us-east-1',
            nodePools: [{ name: 'general', size: 'gpu-8vcpu-64gb-l4', count: 3 }],
          },
        }),
      );
      expect(response.statusCode).toBe(400);
      const { issues } = response.json<{ issues: { path: string[]; message: string }[] }>();
      expect(issues.map((issue) => issue.path.join('.'))).toEqual([
        'cluster.region',
        'cluster.nodePools.0.size',
      ]);
      const badName = await place(client, order({ cluster: { ...cluster, name: 'Prod_EU' } }));
      expect(badName.statusCode).toBe(400);
      expect(badName.json().issues[0].path).toEqual(['cluster', 'name']);
      const clientPrice = await place(client, { ...order(), total: 1 });
      expect(clientPrice.statusCode).toBe(400);
      expect(await t.app.services.orders.list((await whoami(client)).organizationId, {})).toEqual(
        [],
      );
    });

    it('keeps a cluster name to one open order or cluster of the organization', async () => {
      const { client } = await orderer();
      const first = await placed(client);
      const taken = await place(client, order());
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(
        'An open order of your organization already claims the name prod-eu: choose another name.',
      );
      // Another organization may use the same name.
      const other = await orderer();
      await placed(other.client);
      expect((await client.post(`/api/orders/${first.id}/cancel`)).statusCode).toBe(200);
      await placed(client);
    });

    it('refuses an organization pending approval and an unverified address, saying why', async () => {
      const pending = await orderer({ organization: 'pending_approval' });
      const refused = await place(pending.client, order());
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Your organization is waiting for approval by our team.');
      const unverified = await orderer({ verified: false });
      const unverifiedAnswer = await place(unverified.client, order());
      expect(unverifiedAnswer.statusCode).toBe(403);
      expect(unverifiedAnswer.json().message).toBe('Verify your e-mail address before ordering.');
      // Estimating stays open to them.
      const { name: _name, ...config } = cluster;
      const quote = await pending.client.post('/api/quotes', {
        ...config,
        billingCycle: 'monthly',
      });
      expect(quote.statusCode).toBe(200);
    });
  });

  async function whoami(client: Client) {
    const me = (await client.get('/api/user')).json<{ id: number }>();
    const [row] = await t.app.services.db.select().from(users).where(eq(users.id, me.id));
    return { userId: me.id, organizationId: row!.organizationId };
  }

  describe('reading orders', () => {
    it("lists the organization's orders by kind and status, and never another's", async () => {
      const mine = await orderer();
      const theirs = await orderer();
      const a = await placed(mine.client, order({ cluster: { ...cluster, name: 'a' } }));
      const b = await placed(mine.client, order({ cluster: { ...cluster, name: 'b' } }));
      const foreign = await placed(theirs.client);
      await mine.client.post(`/api/orders/${a.id}/cancel`);

      const all = (await mine.client.get('/api/orders')).json<Order[]>();
      expect(all.map((o) => o.id)).toEqual([b.id, a.id]);
      const cancelled = (await mine.client.get('/api/orders?status=cancelled')).json<Order[]>();
      expect(cancelled.map((o) => o.id)).toEqual([a.id]);
      expect((await mine.client.get('/api/orders?kind=addon')).json()).toEqual([]);
      expect((await mine.client.get('/api/orders?status=nonsense')).statusCode).toBe(400);

      for (const response of [
        await mine.client.get(`/api/orders/${foreign.id}`),
        await mine.client.post(`/api/orders/${foreign.id}/cancel`),
        await mine.client.post(`/api/orders/${foreign.id}/pay`, {}),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Order not found');
      }
      expect((await theirs.client.get(`/api/orders/${foreign.id}`)).json().status).toBe(
        'pending_payment',
      );
    });
  });

  it('pages through a long list, newest first, from the id the last page ended at', async () => {
    const { client } = await orderer();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await placed(client, order({ cluster: { ...cluster, name: `page-${i}` } }))).id);
    }
    const newestFirst = [...ids].reverse();
    const first = (await client.get('/api/orders?limit=2')).json<Order[]>();
    expect(first.map((o) => o.id)).toEqual(newestFirst.slice(0, 2));
    const second = (await client.get(`/api/orders?limit=2&before=${first[1]!.id}`)).json<Order[]>();
    expect(second.map((o) => o.id)).toEqual(newestFirst.slice(2, 4));
    expect((await client.get('/api/orders?limit=201')).statusCode).toBe(400);
    expect((await client.get('/api/orders?limit=0')).statusCode).toBe(400);
  });

  describe('paying', () => {
    it('pays with a card: the order is paid, then fulfilling, and the cluster is ordered', async () => {
      const { client, userId, organizationId } = await orderer();
      const created = await placed(client);
      const card = await addCard(client, CARDS.ok);
      const response = await pay(client, created.id, card);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<PayResult>();
      expect(result.status).toBe('paid');
      expect(result.order).toMatchObject({
        status: 'fulfilling',
        paidAt: expect.any(String),
        clusterId: expect.any(Number),
        payment: {
          status: 'succeeded',
          cardAmount: created.total,
          creditAmount: 0,
          card: { brand: 'Visa', last4: '4242' },
        },
      });
      expect(result.order.timeline.map((event) => event.status)).toEqual([
        'pending_payment',
        'paid',
        'fulfilling',
      ]);
      expect(result.order.timeline[1]!.note).toBe(
        `Paid ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(created.total / 100)} with Visa ending 4242`,
      );

      const { db } = t.app.services;
      const [record] = await db
        .select()
        .from(clusters)
        .where(eq(clusters.id, result.order.clusterId!));
      expect(record).toMatchObject({
        organizationId,
        name: 'prod-eu',
        status: 'ordered',
        orderId: created.id,
        // An add-on counts as installed once provisioning has installed it.
        addons: [],
      });
      const [notification] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'success')));
      expect(notification).toMatchObject({
        type: 'success',
        message: `Order ${created.number} is paid: cluster prod-eu is ordered.`,
      });
      const audit = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.organizationId, organizationId)));
      expect(audit.map((entry) => [entry.action, entry.outcome])).toEqual(
        expect.arrayContaining([
          ['order.create', 'success'],
          ['order.pay', 'success'],
        ]),
      );
      const counts = (await client.get('/api/sidebar-counts')).json();
      expect(counts).toEqual({ clusters: 1, orders: { total: 1 } });
    });

    it('never charges twice: paying again, or twice at once, is the same payment', async () => {
      const { client } = await orderer();
      const card = await addCard(client, CARDS.ok);
      const created = await placed(client);
      const both = await Promise.all([
        pay(client, created.id, card),
        pay(client, created.id, card),
      ]);
      expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
      expect(both.map((response) => response.json<PayResult>().status)).toEqual(['paid', 'paid']);
      const again = await pay(client, created.id, card);
      expect(again.json<PayResult>().status).toBe('paid');
      const { attempts, charges } = await chargesOf(created.id);
      expect(attempts).toHaveLength(1);
      expect(charges).toHaveLength(1);
      const clusterRows = await t.app.services.db
        .select()
        .from(clusters)
        .where(eq(clusters.orderId, created.id));
      expect(clusterRows).toHaveLength(1);
    });

    it.each([
      [CARDS.declined, 'Your card was declined.'],
      [CARDS.noFunds, 'Your card has insufficient funds.'],
    ])(
      'answers 402 for card %s, and the order can be paid with another card',
      async (number, message) => {
        const { client } = await orderer();
        const created = await placed(client);
        const bad = await addCard(client, number);
        const refused = await pay(client, created.id, bad);
        expect(refused.statusCode).toBe(402);
        expect(refused.json()).toEqual({ message });
        const after = (await client.get(`/api/orders/${created.id}`)).json<Order>();
        expect(after.status).toBe('pending_payment');
        expect(after.payment).toMatchObject({ status: 'failed', failureMessage: message });
        expect(after.timeline.at(-1)!.note).toBe(`Payment declined: ${message}`);

        const good = await addCard(client, CARDS.ok);
        const paid = await pay(client, created.id, good);
        expect(paid.json<PayResult>().status).toBe('paid');
      },
    );

    it('asks for the challenge, then completes the payment once the payer passed it', async () => {
      const { client } = await orderer();
      const created = await placed(client);
      const card = await addCard(client, CARDS.challenge);
      const first = await client.post(`/api/orders/${created.id}/pay`, {
        paymentMethodId: card,
        returnPath: `/payment-success?order=${created.id}`,
      });
      expect(first.statusCode, first.body).toBe(200);
      const result = first.json<PayResult>();
      expect(result.status).toBe('requires_action');
      expect(result.challengeUrl).toMatch(/^\/test-gateway\/challenge\//);
      expect(result.order.status).toBe('pending_payment');
      // Still waiting: asking again answers the same challenge.
      expect((await pay(client, created.id)).json<PayResult>().challengeUrl).toBe(
        result.challengeUrl,
      );

      const passed = await client.request({
        method: 'POST',
        url: result.challengeUrl!,
        payload: 'outcome=complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(passed.statusCode).toBe(303);
      expect(passed.headers.location).toContain(`/payment-success?order=${created.id}`);
      const done = await pay(client, created.id);
      expect(done.json<PayResult>()).toMatchObject({ status: 'paid', challengeUrl: null });
      expect((await chargesOf(created.id)).charges).toHaveLength(1);
    });

    it('answers 402 when the payer fails the challenge', async () => {
      const { client } = await orderer();
      const created = await placed(client);
      const card = await addCard(client, CARDS.challenge);
      const { challengeUrl } = (await pay(client, created.id, card)).json<PayResult>();
      await client.request({
        method: 'POST',
        url: challengeUrl!,
        payload: 'outcome=fail',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const refused = await pay(client, created.id);
      expect(refused.statusCode).toBe(402);
      expect((await client.get(`/api/orders/${created.id}`)).json().status).toBe('pending_payment');
    });

    it('takes the credit balance first, and gives it back when the card is declined', async () => {
      const { client, organizationId } = await orderer();
      const { db } = t.app.services;
      await db
        .update(organizations)
        .set({ creditBalanceCents: 1000 })
        .where(eq(organizations.id, organizationId));
      const created = await placed(client);
      const declined = await addCard(client, CARDS.declined);
      expect((await pay(client, created.id, declined)).statusCode).toBe(402);
      expect((await client.get('/api/billing/credits')).json().balance).toBe(1000);

      const good = await addCard(client, CARDS.ok);
      const paid = (await pay(client, created.id, good)).json<PayResult>().order;
      expect(paid).toMatchObject({
        creditApplied: 1000,
        amountDue: created.total - 1000,
        payment: { creditAmount: 1000, cardAmount: created.total - 1000 },
      });
      expect((await client.get('/api/billing/credits')).json().balance).toBe(0);
    });

    it('pays from credit alone when it covers the total, without a card', async () => {
      const { client, organizationId } = await orderer();
      await t.app.services.db
        .update(organizations)
        .set({ creditBalanceCents: 10_000_000 })
        .where(eq(organizations.id, organizationId));
      const created = await placed(client);
      const result = (await pay(client, created.id)).json<PayResult>();
      expect(result.status).toBe('paid');
      expect(result.order.payment).toMatchObject({ cardAmount: 0, card: null });
      expect((await client.get('/api/billing/credits')).json().balance).toBe(
        10_000_000 - created.total,
      );
    });

    it('asks for a card when there is none and the credit does not cover the total', async () => {
      const { client } = await orderer();
      const created = await placed(client);
      const response = await pay(client, created.id);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0]).toEqual({
        path: ['paymentMethodId'],
        message: 'Add a card to pay this order',
      });
    });
  });

  describe('cancelling', () => {
    it('cancels an unpaid order, and refuses to cancel a paid one or pay a cancelled one', async () => {
      const { client } = await orderer();
      const card = await addCard(client, CARDS.ok);
      const open = await placed(client, order({ cluster: { ...cluster, name: 'open' } }));
      const cancelled = (await client.post(`/api/orders/${open.id}/cancel`)).json<Order>();
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.timeline.map((event) => event.status)).toEqual([
        'pending_payment',
        'cancelled',
      ]);
      const payCancelled = await pay(client, open.id, card);
      expect(payCancelled.statusCode).toBe(409);
      expect(payCancelled.json().message).toBe(
        `Order ${open.number} is cancelled: it cannot be paid.`,
      );

      const paidOrder = await placed(client);
      await pay(client, paidOrder.id, card);
      const refused = await client.post(`/api/orders/${paidOrder.id}/cancel`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `Order ${paidOrder.number} is paid and being fulfilled: only an order waiting for payment can be cancelled.`,
      );
    });

    it('gives up an open challenge at the gateway when the order is cancelled', async () => {
      const { client } = await orderer();
      const created = await placed(client);
      const card = await addCard(client, CARDS.challenge);
      const { challengeUrl } = (await pay(client, created.id, card)).json<PayResult>();
      expect((await client.post(`/api/orders/${created.id}/cancel`)).json().status).toBe(
        'cancelled',
      );
      const late = await client.request({
        method: 'POST',
        url: challengeUrl!,
        payload: 'outcome=complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(late.statusCode).not.toBe(303);
      const [charge] = (await chargesOf(created.id)).charges;
      expect(charge!.status).toBe('cancelled');
    });
  });

  describe('the promo code', () => {
    let client: Client;
    beforeEach(async () => {
      ({ client } = await orderer());
    });

    it('takes 5% off the subtotal of the first order', async () => {
      const created = await placed(client, order({ promoCode: PROMO_CODE.toLowerCase() }));
      expect(created.promoCode).toBe(PROMO_CODE);
      expect(created.discount).toBe(promoDiscount(created.subtotal));
      expect(created.total).toBe(created.subtotal - created.discount);
    });

    it('refuses an unknown code on its field', async () => {
      const response = await place(client, order({ promoCode: 'FREE100' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([
        { path: ['promoCode'], message: 'This promo code is not valid' },
      ]);
    });

    it('shows on every unpaid order, goes to the first one paid, and the other is priced again without it', async () => {
      const first = await placed(client, order({ promoCode: PROMO_CODE }));
      const second = await placed(
        client,
        order({ promoCode: PROMO_CODE, cluster: { ...cluster, name: 'second' } }),
      );
      expect(second.discount).toBe(promoDiscount(second.subtotal));
      const card = await addCard(client, CARDS.ok);
      // A declined payment gives the code back: it is still anyone's.
      const declining = await addCard(client, CARDS.declined);
      expect((await pay(client, first.id, declining)).statusCode).toBe(402);
      expect((await pay(client, second.id, card)).json<PayResult>().order).toMatchObject({
        status: 'fulfilling',
        promoCode: PROMO_CODE,
        total: second.subtotal - second.discount,
      });

      const late = await pay(client, first.id, card);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(
        `Order ${second.number} was paid first, and the promo code ${PROMO_CODE} takes 5% off an organization's first paid order only. This order now costs ${dollarsOf(first.subtotal)} without it; nothing was charged. Pay again to pay ${dollarsOf(first.subtotal)}.`,
      );
      expect((await chargesOf(first.id)).charges.every((c) => c.status !== 'succeeded')).toBe(true);
      const repriced = (await client.get(`/api/orders/${first.id}`)).json<Order>();
      expect(repriced).toMatchObject({
        status: 'pending_payment',
        promoCode: null,
        discount: 0,
        total: first.subtotal,
      });
      expect(repriced.timeline.at(-1)!.note).toBe(
        `Promo code ${PROMO_CODE} removed: order ${second.number} was paid first. The order now costs ${dollarsOf(first.subtotal)}.`,
      );
      const paid = await pay(client, first.id, card);
      expect(paid.json<PayResult>().order).toMatchObject({
        status: 'fulfilling',
        total: first.subtotal,
      });
      expect(
        (await chargesOf(first.id)).charges.find((c) => c.status === 'succeeded')!.amountCents,
      ).toBe(first.subtotal);

      const later = await place(
        client,
        order({ promoCode: PROMO_CODE, cluster: { ...cluster, name: 'later' } }),
      );
      expect(later.statusCode).toBe(409);
      expect(later.json().message).toMatch(/first paid order only/);
    });

    it('goes to one of orders paid at once: never two paid orders with it', async () => {
      const card = await addCard(client, CARDS.ok);
      const orders = await Promise.all(
        ['one', 'two', 'three'].map((name) =>
          placed(client, order({ promoCode: PROMO_CODE, cluster: { ...cluster, name } })),
        ),
      );
      expect(orders.every((placedOrder) => placedOrder.promoCode === PROMO_CODE)).toBe(true);
      const answers = await Promise.all(
        orders.map((placedOrder) => pay(client, placedOrder.id, card)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      const after = await Promise.all(
        orders.map(async (placedOrder) =>
          (await client.get(`/api/orders/${placedOrder.id}`)).json<Order>(),
        ),
      );
      const paidWithPromo = after.filter(
        (paidOrder) => paidOrder.status !== 'pending_payment' && paidOrder.promoCode === PROMO_CODE,
      );
      expect(paidWithPromo).toHaveLength(1);
    });
  });
});
