import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  MarketplaceProduct,
  Order,
  ProductDetail,
  ProductInstance,
  ProductPlanChange,
  ProductSecret,
} from '@alpenkube/contract';
import {
  auditEvents,
  creditTransactions,
  jobs,
  marketplaceProducts,
  organizations,
  productInstances,
  subscriptions,
} from '../../src/db/schema.ts';
import { openDueRenewals } from '../../src/modules/billing/renewals.ts';
import { createTestApp, STRONG_PASSWORD, type Client, type TestApp } from '../support/test-app.ts';
import { clusterOrderer, settleJobs } from '../support/clusters.ts';

const HOUR = 3_600_000;

describe('marketplace products', () => {
  let t: TestApp;
  let keys = 0;
  const key = () => `product-key-${++keys}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    product: 'postgresql',
    plan: 'standard',
    region: 'alpenkube:eu-de-fra',
    name: `db-${++keys}`,
    billingCycle: 'monthly',
    ...overrides,
  });

  const place = (client: Client, payload: object, idempotencyKey = key()) =>
    client.request({
      method: 'POST',
      url: '/api/products',
      headers: { 'idempotency-key': idempotencyKey },
      payload,
    });

  async function activeProduct(client: Client, overrides: Record<string, unknown> = {}) {
    const placed = await place(client, body(overrides));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const paid = await client.post(`/api/orders/${order.id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    await settleJobs(t.app);
    const after = (await client.get(`/api/orders/${order.id}`)).json<Order>();
    return { order: after, product: await productOf(client, after.productInstanceId!) };
  }

  const productOf = async (client: Client, id: number) => {
    const response = await client.get(`/api/products/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProductDetail>();
  };

  /** Moves the product's period so that `hoursLeft` of `hours` remain. */
  async function periodAt(instanceId: number, hoursLeft: number, hours = 720) {
    const end = new Date(Date.now() + hoursLeft * HOUR + 60_000);
    await t.app.services.db
      .update(subscriptions)
      .set({ periodStart: new Date(end.getTime() - hours * HOUR), periodEnd: end })
      .where(eq(subscriptions.productInstanceId, instanceId));
  }

  const balanceOf = async (organizationId: number) =>
    (
      await t.app.services.db
        .select({ balance: organizations.creditBalanceCents })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
    )[0]!.balance;

  it('syncs at least twelve products with plans, yearly at ten months, and EU regions', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products/catalog' });
    expect(response.statusCode).toBe(200);
    const catalog = response.json<MarketplaceProduct[]>();
    expect(catalog.length).toBeGreaterThanOrEqual(12);
    const rows = await t.app.services.db.select().from(marketplaceProducts);
    expect(rows).toHaveLength(catalog.length);
    for (const product of catalog) {
      expect(product.plans.length).toBeGreaterThanOrEqual(2);
      expect(product.plans.length).toBeLessThanOrEqual(4);
      for (const plan of product.plans) expect(plan.priceYearly).toBe(plan.priceMonthly * 10);
      expect(product.regions.filter((region) => region.eu).length).toBeGreaterThan(
        product.regions.length / 2,
      );
    }
    const postgres = catalog.find((product) => product.slug === 'postgresql')!;
    expect(postgres.regions[0]).toEqual({
      code: 'alpenkube:eu-de-fra',
      label: 'Frankfurt (DE) · Alpenkube Sovereign Cloud',
      eu: true,
    });
  });

  it('orders, pays and provisions a product: steps pushed, active with encrypted secret, order completed, subscription open', async () => {
    const who = await clusterOrderer(t.app);
    const placed = await place(who.client, body({ name: 'orders-db', billingCycle: 'yearly' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order).toMatchObject({ kind: 'product', status: 'pending_payment', total: 89000 });
    expect(order.lines).toEqual([
      expect.objectContaining({
        kind: 'product',
        amount: 89000,
        description: 'Managed PostgreSQL, Standard',
      }),
    ]);

    const paid = await who.client.post(`/api/orders/${order.id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const fulfilling = (await who.client.get(`/api/orders/${order.id}`)).json<Order>();
    expect(fulfilling.status).toBe('fulfilling');
    const ordered = await productOf(who.client, fulfilling.productInstanceId!);
    expect(ordered).toMatchObject({ status: 'ordered', endpoint: null, secretVersion: 0 });

    // Each step is pushed to the organization's pages as it commits, with its progress.
    const pushed: { status: string; progress: number; step: string | null }[] = [];
    const unlisten = await t.database.listen('push', (payload: string) => {
      const { message } = JSON.parse(payload) as { message: Record<string, unknown> };
      if (message.type === 'product' && message.productId === ordered.id) {
        pushed.push(message as unknown as (typeof pushed)[number]);
      }
    });
    await settleJobs(t.app);
    const active = await productOf(who.client, ordered.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await unlisten();
    expect(pushed.map((push) => push.status)).toContain('provisioning');
    expect(pushed.at(-1)).toMatchObject({ status: 'active', progress: 100 });
    expect(pushed.map((push) => push.step)).toContain('Software installed and configured');
    const progress = pushed.map((push) => push.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(active).toMatchObject({
      status: 'active',
      progress: 100,
      endpoint: 'orders-db.postgresql.eu-de-fra.alpenkube.cloud:5432',
      username: 'orders_db_admin',
      secretVersion: 1,
      secretShown: false,
      billingCycle: 'yearly',
    });
    expect(active.period?.price).toBe(89000);
    expect(active.usage.length).toBeGreaterThan(0);
    expect((await who.client.get(`/api/orders/${order.id}`)).json<Order>().status).toBe(
      'completed',
    );
    const [row] = await t.app.services.db
      .select()
      .from(productInstances)
      .where(eq(productInstances.id, ordered.id));
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    const [subscription] = await t.app.services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.productInstanceId, ordered.id));
    expect(subscription).toMatchObject({
      kind: 'product',
      productPlan: 'standard',
      status: 'active',
    });

    const list = (await who.client.get('/api/products')).json<ProductInstance[]>();
    expect(list.map((product) => product.name)).toEqual(['orders-db']);
  });

  it('refuses an unknown product or plan, a region not offered, and a name taken (409)', async () => {
    const who = await clusterOrderer(t.app);
    const unknownPlan = await place(who.client, body({ plan: 'gigantic' }));
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json().message).toMatch(/no plan gigantic/);
    const unknownProduct = await place(who.client, body({ product: 'mainframe' }));
    expect(unknownProduct.statusCode).toBe(400);
    const region = await place(
      who.client,
      body({ product: 'gpu-inference', plan: 'l40s', region: 'doks:nyc3' }),
    );
    expect(region.statusCode).toBe(400);
    expect(region.json().message).toMatch(/not offered in doks:nyc3/);
    const badName = await place(who.client, body({ name: 'Not A Label' }));
    expect(badName.statusCode).toBe(400);

    await activeProduct(who.client, { name: 'taken' });
    const taken = await place(who.client, body({ name: 'taken', product: 'cache', plan: 'small' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/already has a product named taken/);
    // An open order holds the name too.
    expect((await place(who.client, body({ name: 'held' }))).statusCode).toBe(201);
    expect((await place(who.client, body({ name: 'held' }))).statusCode).toBe(409);
    // Another organization may use the same name.
    const other = await clusterOrderer(t.app);
    expect((await place(other.client, body({ name: 'taken' }))).statusCode).toBe(201);
  });

  it('honours the Idempotency-Key: the same request answers the same order, another is a 409', async () => {
    const who = await clusterOrderer(t.app);
    const request = body({ name: 'idem' });
    const first = await place(who.client, request, 'same-key');
    const again = await place(who.client, request, 'same-key');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Order>().id).toBe(first.json<Order>().id);
    const different = await place(who.client, { ...request, plan: 'business' }, 'same-key');
    expect(different.statusCode).toBe(409);
    const missing = await who.client.post('/api/products', body());
    expect(missing.statusCode).toBe(400);
  });

  it('refuses ordering while the organization is suspended (402)', async () => {
    const who = await clusterOrderer(t.app);
    await t.app.services.db
      .update(organizations)
      .set({ orderingSuspendedAt: new Date(), orderingSuspendedReason: 'A renewal is overdue.' })
      .where(eq(organizations.id, who.organizationId));
    expect((await place(who.client, body())).statusCode).toBe(402);
  });

  it("answers 404 for another organization's product, whatever the route", async () => {
    const owner = await clusterOrderer(t.app);
    const { product } = await activeProduct(owner.client);
    const stranger = await clusterOrderer(t.app);
    expect((await stranger.client.get(`/api/products/${product.id}`)).statusCode).toBe(404);
    for (const [url, payload] of [
      [`/api/products/${product.id}/secret`, {}],
      [`/api/products/${product.id}/secret/rotate`, {}],
      [`/api/products/${product.id}/plan`, { plan: 'hobby' }],
      [`/api/products/${product.id}/cancel`, {}],
    ] as const) {
      expect((await stranger.client.post(url, payload)).statusCode, url).toBe(404);
    }
    expect((await stranger.client.get('/api/products')).json()).toEqual([]);
  });

  it('shows the secret once, then only with the password (403 when wrong), and rotates it', async () => {
    const who = await clusterOrderer(t.app);
    const { product } = await activeProduct(who.client);
    const url = `/api/products/${product.id}/secret`;
    const first = await who.client.post(url, {});
    expect(first.statusCode, first.body).toBe(200);
    const secret = first.json<ProductSecret>();
    expect(secret).toMatchObject({ version: 1, firstReveal: true });
    expect(secret.secret.length).toBeGreaterThanOrEqual(24);
    expect((await productOf(who.client, product.id)).secretShown).toBe(true);

    const without = await who.client.post(url, {});
    expect(without.statusCode).toBe(403);
    expect(without.json().message).toMatch(/enter your password/);
    const wrong = await who.client.post(url, { password: 'not-my-password-at-all' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/password is not correct/);
    const right = await who.client.post(url, { password: STRONG_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<ProductSecret>()).toEqual({ ...secret, firstReveal: false });

    const rotated = await who.client.post(`${url}/rotate`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    // The rotated secret of a secret already shown is behind the password too.
    expect(rotated.json<ProductDetail>()).toMatchObject({ secretVersion: 2, secretShown: true });
    expect((await who.client.post(url, {})).statusCode).toBe(403);
    const fresh = (await who.client.post(url, { password: STRONG_PASSWORD })).json<ProductSecret>();
    expect(fresh).toMatchObject({ version: 2, firstReveal: false });
    expect(fresh.secret).not.toBe(secret.secret);

    const actions = await t.app.services.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.targetType, 'product'), eq(auditEvents.targetId, String(product.id))),
      );
    expect(actions.map((row) => row.action)).toEqual([
      'product.secret.reveal',
      'product.secret.reveal',
      'product.secret.rotate',
      'product.secret.reveal',
    ]);
  });

  it('upgrades through an order for the prorated difference, paid, then a job moves the plan', async () => {
    const who = await clusterOrderer(t.app);
    const { product } = await activeProduct(who.client, { plan: 'standard' });
    await periodAt(product.id, 360, 720);
    const change = await who.client.post(`/api/products/${product.id}/plan`, { plan: 'business' });
    expect(change.statusCode, change.body).toBe(200);
    const { order, credit } = change.json<ProductPlanChange>();
    // (24900 − 8900) × 360 / 720.
    expect(order).toMatchObject({ kind: 'product', total: 8000, productInstanceId: product.id });
    expect(credit).toBe(0);
    expect((await productOf(who.client, product.id)).pendingOrderId).toBe(order!.id);
    // One plan change at a time.
    expect(
      (await who.client.post(`/api/products/${product.id}/plan`, { plan: 'enterprise' }))
        .statusCode,
    ).toBe(409);

    expect((await who.client.post(`/api/orders/${order!.id}/pay`, {})).statusCode).toBe(200);
    expect((await productOf(who.client, product.id)).status).toBe('updating');
    // A change is refused while another runs.
    expect((await who.client.post(`/api/products/${product.id}/cancel`, {})).statusCode).toBe(409);
    await settleJobs(t.app);
    const after = await productOf(who.client, product.id);
    expect(after).toMatchObject({ status: 'active', plan: 'business', pendingOrderId: null });
    expect(after.period?.price).toBe(24900);
    expect((await who.client.get(`/api/orders/${order!.id}`)).json<Order>().status).toBe(
      'completed',
    );
    const [subscription] = await t.app.services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.productInstanceId, product.id));
    expect(subscription!.productPlan).toBe('business');
  });

  it('refunds an upgrade paid after the period it was priced from renewed', async () => {
    const who = await clusterOrderer(t.app);
    const { product } = await activeProduct(who.client, { plan: 'standard' });
    await periodAt(product.id, 360, 720);
    const change = await who.client.post(`/api/products/${product.id}/plan`, { plan: 'business' });
    const { order } = change.json<ProductPlanChange>();
    // A renewal moves the period on before the order is paid.
    await periodAt(product.id, 700, 720);
    expect((await who.client.post(`/api/orders/${order!.id}/pay`, {})).statusCode).toBe(200);
    await settleJobs(t.app);
    const after = (await who.client.get(`/api/orders/${order!.id}`)).json<Order>();
    expect(after.status).toBe('failed');
    expect(after.timeline.at(-1)!.note).toMatch(/changed plan or renewed since this order/);
    expect(await productOf(who.client, product.id)).toMatchObject({
      status: 'active',
      plan: 'standard',
    });
  });

  it('downgrades after a job and credits the prorated difference', async () => {
    const who = await clusterOrderer(t.app);
    const { product } = await activeProduct(who.client, { plan: 'business' });
    await periodAt(product.id, 180, 720);
    const before = await balanceOf(who.organizationId);
    const change = await who.client.post(`/api/products/${product.id}/plan`, { plan: 'hobby' });
    expect(change.statusCode, change.body).toBe(200);
    const result = change.json<ProductPlanChange>();
    // (24900 − 1900) × 180 / 720.
    expect(result).toMatchObject({ order: null, credit: 5750 });
    expect(result.product.status).toBe('updating');
    expect(await balanceOf(who.organizationId)).toBe(before);
    await settleJobs(t.app);
    expect(await balanceOf(who.organizationId)).toBe(before + 5750);
    const after = await productOf(who.client, product.id);
    expect(after).toMatchObject({ status: 'active', plan: 'hobby' });
    expect(after.period?.price).toBe(1900);
    expect(
      (await who.client.post(`/api/products/${product.id}/plan`, { plan: 'hobby' })).statusCode,
    ).toBe(409);
    expect(
      (await who.client.post(`/api/products/${product.id}/plan`, { plan: 'nope' })).statusCode,
    ).toBe(400);
  });

  it('cancels with a job and credits the unused prepaid period; a cancelled product refuses changes (409)', async () => {
    const who = await clusterOrderer(t.app);
    const { product } = await activeProduct(who.client, { plan: 'standard' });
    await periodAt(product.id, 540, 720);
    expect((await productOf(who.client, product.id)).cancelCredit).toBe(6675);
    const before = await balanceOf(who.organizationId);
    const cancelled = await who.client.post(`/api/products/${product.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<ProductDetail>().status).toBe('cancelling');
    expect((await who.client.post(`/api/products/${product.id}/cancel`, {})).statusCode).toBe(409);
    await settleJobs(t.app);
    const after = await productOf(who.client, product.id);
    expect(after.status).toBe('cancelled');
    expect(await balanceOf(who.organizationId)).toBe(before + 6675);
    const [subscription] = await t.app.services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.productInstanceId, product.id));
    expect(subscription!.status).toBe('cancelled');
    for (const [url, payload] of [
      [`/api/products/${product.id}/cancel`, {}],
      [`/api/products/${product.id}/plan`, { plan: 'business' }],
      [`/api/products/${product.id}/secret/rotate`, {}],
    ] as const) {
      const refused = await who.client.post(url, payload);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().message).toMatch(/cancelled/);
    }
    // The name is free again.
    expect((await place(who.client, body({ name: product.name }))).statusCode).toBe(201);
  });

  it('refuses a secret before the product is active (409)', async () => {
    const who = await clusterOrderer(t.app);
    const placed = (await place(who.client, body())).json<Order>();
    await who.client.post(`/api/orders/${placed.id}/pay`, {});
    const id = (await who.client.get(`/api/orders/${placed.id}`)).json<Order>().productInstanceId!;
    expect((await who.client.post(`/api/products/${id}/secret`, {})).statusCode).toBe(409);
    expect((await who.client.post(`/api/products/${id}/cancel`, {})).statusCode).toBe(409);
    await settleJobs(t.app);
  });

  it('refunds an order whose name became a live product between placing and paying', async () => {
    const who = await clusterOrderer(t.app);
    const placed = (await place(who.client, body({ name: 'raced' }))).json<Order>();
    // What a second placement racing this one would have produced once paid.
    await t.app.services.db.insert(productInstances).values({
      organizationId: who.organizationId,
      productSlug: 'cache',
      plan: 'small',
      region: 'alpenkube:eu-de-fra',
      name: 'raced',
      status: 'active',
    });
    const before = await balanceOf(who.organizationId);
    expect((await who.client.post(`/api/orders/${placed.id}/pay`, {})).statusCode).toBe(200);
    const order = (await who.client.get(`/api/orders/${placed.id}`)).json<Order>();
    expect(order).toMatchObject({ status: 'failed', productInstanceId: null });
    expect(await balanceOf(who.organizationId)).toBe(before + placed.total);
  });

  it('runs a provisioning job twice without applying a step twice', async () => {
    const who = await clusterOrderer(t.app);
    const placed = (await place(who.client, body())).json<Order>();
    await who.client.post(`/api/orders/${placed.id}/pay`, {});
    const [job] = await t.app.services.db
      .select()
      .from(jobs)
      .where(eq(jobs.type, 'product.operation'));
    // A second copy of the same job, as a crashed worker's retry would leave.
    await t.app.services.db.insert(jobs).values({
      type: job!.type,
      payload: job!.payload,
      runAt: new Date(),
      maxAttempts: 4,
    });
    await settleJobs(t.app);
    const id = (await who.client.get(`/api/orders/${placed.id}`)).json<Order>().productInstanceId!;
    const product = await productOf(who.client, id);
    expect(product).toMatchObject({ status: 'active', secretVersion: 1, progress: 100 });
    expect((await who.client.get(`/api/orders/${placed.id}`)).json<Order>().status).toBe(
      'completed',
    );
  });

  it('fails the order and refunds it when provisioning fails for good', async () => {
    const who = await clusterOrderer(t.app);
    t.app.services.providers.faults.inject('product-provision-software', 10, 'No capacity left');
    const placed = (await place(who.client, body())).json<Order>();
    await who.client.post(`/api/orders/${placed.id}/pay`, {});
    const before = await balanceOf(who.organizationId);
    await settleJobs(t.app);
    t.app.services.providers.faults.clear();
    const order = (await who.client.get(`/api/orders/${placed.id}`)).json<Order>();
    expect(order.status).toBe('failed');
    expect(await balanceOf(who.organizationId)).toBe(before + placed.total);
    const product = await productOf(who.client, order.productInstanceId!);
    expect(product).toMatchObject({ status: 'failed', statusReason: 'No capacity left' });
    const refunds = await t.app.services.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.orderId, placed.id));
    expect(refunds.some((entry) => entry.kind === 'refund')).toBe(true);
  });

  it('renews a product subscription at its plan price, named after the product', async () => {
    const who = await clusterOrderer(t.app);
    const { product } = await activeProduct(who.client, { name: 'renewing', plan: 'hobby' });
    const summary = (await who.client.get('/api/billing/summary')).json();
    expect(summary.nextRenewal.description).toBe('Marketplace product renewing, monthly');
    await t.app.services.db
      .update(subscriptions)
      .set({ periodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.productInstanceId, product.id));
    const { value: catalog } = await t.app.services.catalog.catalog();
    expect(await openDueRenewals(t.app.services.db, catalog, new Date())).toBe(1);
    await settleJobs(t.app);
    const [subscription] = await t.app.services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.productInstanceId, product.id));
    expect(subscription!.periodEnd.getTime()).toBeGreaterThan(Date.now());
    expect(subscription!.periodPriceCents).toBe(1900);
  });
});
