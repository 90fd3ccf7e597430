import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PaymentMethod } from '@alpenkube/contract';
import {
  auditEvents,
  clusterTiers,
  clusters,
  organizations,
  paymentMethods,
  testGatewayCards,
  users,
} from '../../src/db/schema.ts';
import { Client, createTestApp, type TestApp } from '../support/test-app.ts';
import { resetDatabase } from '../support/test-database.ts';

const METHODS = '/api/billing/payment-methods';
const THIS_YEAR = new Date().getUTCFullYear();

describe('payment methods', () => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.database);
  });

  /** A signed-in member of a new organization, an approved customer unless told otherwise. */
  async function member(
    options: { organizationStatus?: 'active' | 'pending_approval'; organizationId?: number } = {},
  ) {
    serial += 1;
    const { db } = t.app.services;
    let organizationId = options.organizationId;
    if (organizationId === undefined) {
      const [organization] = await db
        .insert(organizations)
        .values({
          name: `Payers ${serial}`,
          nameKey: `payers ${serial}`,
          billingId: `BID-P${serial}`,
          status: options.organizationStatus ?? 'active',
        })
        .returning();
      organizationId = organization!.id;
    }
    const [user] = await db
      .insert(users)
      .values({
        organizationId,
        username: `payer${serial}`,
        email: `payer${serial}@payments.test`,
        passwordHash: 'not-a-hash',
        emailVerified: true,
      })
      .returning();
    const sid = await t.app.services.sessions.create(db, user!.id, {
      userAgent: 'payments test',
      ip: '127.0.0.1',
    });
    const client = new Client(t.app);
    client.setCookie('sid', sid);
    return { client, userId: user!.id, organizationId };
  }

  async function tokenFor(number = '4242424242424242') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test-gateway/v1/tokens',
      payload: {
        number,
        expMonth: 11,
        expYear: THIS_YEAR + 3,
        cvc: number.startsWith('3') ? '1234' : '123',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  async function addCard(client: Client, number?: string, makeDefault?: boolean) {
    const response = await client.post(METHODS, {
      token: await tokenFor(number),
      ...(makeDefault === undefined ? {} : { makeDefault }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PaymentMethod>();
  }

  const list = async (client: Client) => (await client.get(METHODS)).json<PaymentMethod[]>();
  const defaults = (cards: PaymentMethod[]) => cards.filter((c) => c.isDefault).map((c) => c.id);

  it('tells the browser where to tokenize and which test cards exist', async () => {
    const { client } = await member();
    const response = await client.get('/api/billing/gateway');
    expect(response.statusCode).toBe(200);
    const info = response.json();
    expect(info).toMatchObject({
      gateway: 'test',
      testMode: true,
      tokenizeUrl: '/test-gateway/v1/tokens',
    });
    expect(info.testCards.map((c: { number: string }) => c.number)).toEqual([
      '4242424242424242',
      '5555555555554444',
      '378282246310005',
      '4000000000000002',
      '4000000000009995',
      '4000002760003184',
    ]);
    expect(info.testCards[3]).toEqual({
      number: '4000000000000002',
      brand: 'Visa',
      behaviour: 'Declined: "Your card was declined."',
    });
  });

  it('saves a card from its token: the first becomes the default, and it is audited', async () => {
    const { client, userId, organizationId } = await member();
    expect(await list(client)).toEqual([]);
    const card = await addCard(client, '5555555555554444', false);
    expect(card).toEqual({
      id: expect.any(Number),
      brand: 'Mastercard',
      last4: '4444',
      expMonth: 11,
      expYear: THIS_YEAR + 3,
      isDefault: true,
      gateway: 'test',
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    const [row] = await t.app.services.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, card.id));
    expect(row).toMatchObject({ organizationId, addedBy: userId, gatewayToken: /^tok_/ });
    const audits = await t.app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payment_method.add'));
    expect(audits).toEqual([
      expect.objectContaining({
        actorUserId: userId,
        organizationId,
        outcome: 'success',
        details: { paymentMethodId: card.id, brand: 'Mastercard', last4: '4444', isDefault: true },
      }),
    ]);
  });

  it('lists the default first, then the newest; makeDefault moves the default', async () => {
    const { client } = await member();
    const first = await addCard(client);
    const second = await addCard(client, '378282246310005');
    expect(second.isDefault).toBe(false);
    expect((await list(client)).map((c) => c.id)).toEqual([first.id, second.id]);
    const third = await addCard(client, '5555555555554444', true);
    expect(third.isDefault).toBe(true);
    const cards = await list(client);
    expect(cards.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(defaults(cards)).toEqual([third.id]);
  });

  it('saves a card once: the same number typed in again answers the saved card', async () => {
    const { client } = await member();
    const first = await addCard(client);
    const again = await client.post(METHODS, { token: await tokenFor() });
    expect(again.statusCode).toBe(200);
    expect(again.json<PaymentMethod>().id).toBe(first.id);
    const other = await addCard(client, '5555555555554444');
    const promoted = await client.post(METHODS, { token: await tokenFor(), makeDefault: true });
    expect(promoted.statusCode).toBe(200);
    expect(defaults(await list(client))).toEqual([first.id]);
    expect((await list(client)).map((c) => c.id).sort()).toEqual([first.id, other.id].sort());
    // Removed, the card can be saved again as a new one.
    await client.delete(`${METHODS}/${first.id}`);
    expect((await client.post(METHODS, { token: await tokenFor() })).statusCode).toBe(201);
    // Another organization saves the same card for itself.
    expect((await addCard((await member()).client)).id).not.toBe(first.id);
  });

  it('refuses an unknown token, a token saved before, and an expired card', async () => {
    const { client } = await member();
    const unknown = await client.post(METHODS, { token: 'tok_made_up' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'This card token is not valid: add the card again.',
    });

    const token = await tokenFor();
    expect((await client.post(METHODS, { token })).statusCode).toBe(201);
    // The same token again is the same card: answered, not saved twice.
    expect((await client.post(METHODS, { token })).statusCode).toBe(200);
    expect(await list(client)).toHaveLength(1);
    const other = await member();
    expect((await other.client.post(METHODS, { token })).statusCode).toBe(409);

    await t.app.services.db.insert(testGatewayCards).values({
      token: 'tok_expired',
      brand: 'Visa',
      last4: '4242',
      fingerprint: 'expired-card',
      expMonth: 1,
      expYear: THIS_YEAR - 1,
      behaviour: 'succeed',
    });
    const expired = await client.post(METHODS, { token: 'tok_expired' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'Your card has expired.' });
    expect(await list(client)).toHaveLength(1);

    const extra = await client.post(METHODS, { token, number: '4242424242424242' });
    expect(extra.statusCode).toBe(400);
  });

  it('removes a card softly; the newest card left becomes the default', async () => {
    const { client } = await member();
    const oldest = await addCard(client);
    const middle = await addCard(client, '5555555555554444');
    const newest = await addCard(client, '378282246310005');
    await client.put(`${METHODS}/${oldest.id}/default`);

    const removed = await client.delete(`${METHODS}/${oldest.id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const cards = await list(client);
    expect(cards.map((c) => c.id)).toEqual([newest.id, middle.id]);
    expect(defaults(cards)).toEqual([newest.id]);
    const [row] = await t.app.services.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, oldest.id));
    expect(row!.removedAt).toBeInstanceOf(Date);

    expect((await client.delete(`${METHODS}/${oldest.id}`)).statusCode).toBe(404);
    expect((await client.put(`${METHODS}/${oldest.id}/default`)).statusCode).toBe(404);

    await client.delete(`${METHODS}/${middle.id}`);
    expect(defaults(await list(client))).toEqual([newest.id]);
    await client.delete(`${METHODS}/${newest.id}`);
    expect(await list(client)).toEqual([]);
    expect((await addCard(client)).isDefault).toBe(true);
  });

  it('keeps the last card of an organization with clusters: their renewals are charged to it', async () => {
    const { client, organizationId } = await member();
    const { db } = t.app.services;
    const [tier] = await db.select({ id: clusterTiers.id }).from(clusterTiers).limit(1);
    const [cluster] = await db
      .insert(clusters)
      .values({
        organizationId,
        name: 'keeps-a-card',
        tierId: tier!.id,
        provider: 'alpenkube',
        region: 'eu-de-fra',
        kubernetesVersion: '1.37',
        status: 'running',
      })
      .returning();
    const first = await addCard(client);
    const second = await addCard(client, '5555555555554444');

    expect((await client.delete(`${METHODS}/${first.id}`)).statusCode).toBe(204);
    const refused = await client.delete(`${METHODS}/${second.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/last card/);
    expect((await list(client)).map((card) => card.id)).toEqual([second.id]);

    // Once the cluster is deleted nothing renews: the last card may go.
    await db.update(clusters).set({ status: 'deleted' }).where(eq(clusters.id, cluster!.id));
    expect((await client.delete(`${METHODS}/${second.id}`)).statusCode).toBe(204);
  });

  it('sets the default: the card answered is the only default', async () => {
    const { client } = await member();
    const first = await addCard(client);
    const second = await addCard(client, '5555555555554444');
    const response = await client.put(`${METHODS}/${second.id}/default`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: second.id, isDefault: true });
    expect(defaults(await list(client))).toEqual([second.id]);
    expect((await client.put(`${METHODS}/${second.id}/default`)).statusCode).toBe(200);
    expect(defaults(await list(client))).toEqual([second.id]);
    expect(first.isDefault).toBe(true);
  });

  it('keeps exactly one default when changes race', async () => {
    const { client, organizationId } = await member();
    const tokens = await Promise.all(
      ['4242424242424242', '5555555555554444', '378282246310005', '4000000000000002'].map(
        (number) => tokenFor(number),
      ),
    );
    const added = await Promise.all(tokens.map((token) => client.post(METHODS, { token })));
    expect(added.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    let cards = await list(client);
    expect(defaults(cards)).toHaveLength(1);

    const [a, b, c, d] = cards.map((card) => card.id) as [number, number, number, number];
    const answers = await Promise.all([
      client.put(`${METHODS}/${a}/default`),
      client.put(`${METHODS}/${b}/default`),
      client.delete(`${METHODS}/${c}`),
      client.put(`${METHODS}/${d}/default`),
      client.delete(`${METHODS}/${a}`),
    ]);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    cards = await list(client);
    expect(defaults(cards)).toHaveLength(1);
    const live = await t.app.services.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.organizationId, organizationId), eq(paymentMethods.isDefault, true)),
      );
    expect(live).toHaveLength(1);
  });

  it("answers 404 for another organization's card and never lists it", async () => {
    const owner = await member();
    const card = await addCard(owner.client);
    const stranger = await member();
    expect(await list(stranger.client)).toEqual([]);
    const del = await stranger.client.delete(`${METHODS}/${card.id}`);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ message: 'Payment method not found' });
    expect((await stranger.client.put(`${METHODS}/${card.id}/default`)).statusCode).toBe(404);
    expect((await list(owner.client)).map((c) => c.id)).toEqual([card.id]);
  });

  it('lets colleagues see the same cards', async () => {
    const founder = await member();
    const card = await addCard(founder.client);
    const colleague = await member({ organizationId: founder.organizationId });
    expect((await list(colleague.client)).map((c) => c.id)).toEqual([card.id]);
  });

  it('lets a customer of an organization pending approval read but not add', async () => {
    const { client } = await member({ organizationStatus: 'pending_approval' });
    expect((await client.get(METHODS)).statusCode).toBe(200);
    expect((await client.get('/api/billing/credits')).statusCode).toBe(200);
    const response = await client.post(METHODS, { token: await tokenFor() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Your organization is waiting for approval by our team.',
    });
  });

  it('answers 401 to a visitor', async () => {
    const visitor = new Client(t.app);
    for (const [method, url] of [
      ['GET', '/api/billing/gateway'],
      ['GET', METHODS],
      ['POST', METHODS],
      ['DELETE', `${METHODS}/1`],
      ['PUT', `${METHODS}/1/default`],
      ['GET', '/api/billing/credits'],
    ] as const) {
      const response = await visitor.request({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('forPayment (for the orders module)', () => {
    it('answers the card named, else the default, else null', async () => {
      const { paymentMethods: service } = t.app.services;
      const { client, organizationId } = await member();
      expect(await service.forPayment(organizationId)).toBeNull();
      const first = await addCard(client);
      const second = await addCard(client, '5555555555554444');
      expect(await service.forPayment(organizationId)).toEqual({
        id: first.id,
        gatewayToken: expect.stringMatching(/^tok_/),
        brand: 'Visa',
        last4: '4242',
      });
      expect(await service.forPayment(organizationId, second.id)).toMatchObject({
        id: second.id,
        last4: '4444',
      });

      const stranger = await member();
      await expect(service.forPayment(stranger.organizationId, second.id)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Payment method not found',
      });
      await client.delete(`${METHODS}/${second.id}`);
      await expect(service.forPayment(organizationId, second.id)).rejects.toMatchObject({
        statusCode: 404,
      });
    });

    it('gives a token the gateway charges', async () => {
      const { paymentMethods: service, paymentGateway } = t.app.services;
      const { client, organizationId } = await member();
      await addCard(client, '4000000000009995');
      const card = (await service.forPayment(organizationId))!;
      const charge = await paymentGateway.charge({
        token: card.gatewayToken,
        amountCents: 500,
        idempotencyKey: 'payment-1',
        returnUrl: '/payment-success',
      });
      expect(charge).toMatchObject({
        status: 'declined',
        declineMessage: 'Your card has insufficient funds.',
      });
    });
  });
});
