import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { clusterTiers, users } from '../../src/db/schema.ts';
import { CATALOG_CHANNEL, syncCatalogs } from '../../src/modules/platform/catalog-service.ts';
import { Client, createTestApp, type TestApp } from '../support/test-app.ts';
import { clusterOrderer, orderCluster } from '../support/clusters.ts';
import { form } from '../support/multipart-form.ts';

/**
 * The catalog is read on every page (the footer lists the tiers), so each instance answers it
 * from memory and reloads it only when some instance announces a change.
 */
describe('public reads answered from memory', () => {
  let a: TestApp;
  let b: TestApp;
  beforeEach(async () => {
    a = await createTestApp();
    b = await createTestApp({ reset: false });
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  const tierNames = async (instance: TestApp) =>
    (
      (await instance.app.inject({ method: 'GET', url: '/api/cluster-tiers' })).json() as {
        name: string;
      }[]
    ).map((tier) => tier.name);
  const eventually = { timeout: 5_000, interval: 25 };

  it('keeps answering from memory until a change is announced, then every instance reloads', async () => {
    expect((await tierNames(a))[0]).toBe('Standard (Blue)');
    expect((await tierNames(b))[0]).toBe('Standard (Blue)');

    const db = a.app.services.db;
    await db
      .update(clusterTiers)
      .set({ name: 'Standard Plus (Blue)' })
      .where(eq(clusterTiers.slug, 'blue'));
    // Unannounced, the row change is not seen: no query per request.
    expect((await tierNames(a))[0]).toBe('Standard (Blue)');

    await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
    await expect.poll(async () => (await tierNames(a))[0], eventually).toBe('Standard Plus (Blue)');
    await expect.poll(async () => (await tierNames(b))[0], eventually).toBe('Standard Plus (Blue)');

    // Synchronising with the catalog in code announces itself.
    await syncCatalogs(db);
    await expect.poll(async () => (await tierNames(b))[0], eventually).toBe('Standard (Blue)');
  });

  it('answers a strong ETag, and 304 without a body to a client that has it', async () => {
    for (const url of ['/api/cluster-tiers', '/api/addons', '/api/catalog', '/api/openapi.json']) {
      const first = await a.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.json()).toBeTruthy();

      const again = await a.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Another instance computes the same tag for the same catalog.
      const other = await b.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(other.statusCode).toBe(304);
    }
  });

  it('tags every JSON list with an ETag, 304 while unchanged, a new tag once it changed', async () => {
    const { client } = await clusterOrderer(a.app);
    // A list not kept in memory gets a weak tag of its body, computed per answer.
    const vpcs = await client.get('/api/vpcs');
    expect(String(vpcs.headers.etag)).toMatch(/^W\/"[\w-]+"$/);
    // A kept one (the orders) has its strong tag written with it.
    const first = await client.get('/api/orders');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Browsers keep nothing of it: the tag is for clients that ask again with it.
    expect(first.headers['cache-control']).toBe('no-store');
    const same = await client.request({
      method: 'GET',
      url: '/api/orders',
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    await orderCluster(client);
    const changed = await client.request({
      method: 'GET',
      url: '/api/orders',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<unknown[]>()).toHaveLength(1);
  });

  it('keeps each list per organization and query until a table it reads changes, on every instance', async () => {
    const { client, organizationId } = await clusterOrderer(a.app);
    const onB = new Client(b.app);
    onB.setCookie('sid', client.cookie('sid')!);
    const names = async (on: Client, url = '/api/clusters') =>
      (await on.get(url)).json<{ items: { name: string }[] }>().items.map((item) => item.name);
    await orderCluster(client, { name: 'kept-one' });
    expect(await names(client)).toEqual(['kept-one']);
    expect(await names(onB)).toEqual(['kept-one']);
    expect(await names(onB, '/api/clusters?q=nothing')).toEqual([]);
    const orders = async (on: Client) => (await on.get('/api/orders')).json<unknown[]>().length;
    expect(await orders(onB)).toBe(1);

    // A write no code announces, to a table a list reads: its trigger tells every instance, and
    // every page of the organization's lists is read afresh, filtered ones too.
    const db = a.app.services.db;
    await db.execute(
      sql`update clusters set name = 'renamed-one' where organization_id = ${organizationId}`,
    );
    await expect.poll(() => names(onB), eventually).toEqual(['renamed-one']);
    expect(await names(client)).toEqual(['renamed-one']);
    await db.execute(
      sql`update clusters set name = 'nothing-else' where organization_id = ${organizationId}`,
    );
    await expect
      .poll(() => names(onB, '/api/clusters?q=nothing'), eventually)
      .toEqual(['nothing-else']);

    // A member's own write through B is read at once on B, whatever the database.
    await orderCluster(onB, { name: 'second-one' });
    expect(await orders(onB)).toBe(2);
    await expect.poll(() => orders(client), eventually).toBe(2);

    // Another organization's pages are its own.
    const other = await clusterOrderer(a.app);
    expect(await names(other.client)).toEqual([]);
  });

  it('keeps the staff queue until any ticket changes', async () => {
    const { client } = await clusterOrderer(a.app);
    const agent = await clusterOrderer(a.app);
    await a.app.services.db
      .update(users)
      .set({ role: 'super_admin', totpEnabled: true })
      .where(eq(users.id, agent.userId));
    await a.app.services.sessions.userChanged(a.app.services.db, agent.userId);
    const staff = new Client(b.app);
    staff.setCookie('sid', agent.client.cookie('sid')!);
    const total = async () => {
      const page = await staff.get('/api/support/queue');
      expect(page.statusCode, page.body).toBe(200);
      return page.json<{ total: number }>().total;
    };
    const before = await total();
    // A ticket opened through A, heard by B: the queue over every organization is read again.
    const opened = await client.request({
      method: 'POST',
      url: '/api/support/tickets',
      ...form({
        subject: 'Kept queue',
        category: 'technical',
        severity: 'normal',
        body: 'Does the staff queue see this ticket?',
      }),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    await expect.poll(total, eventually).toBe(before + 1);
  });

  it('shows a demo slot booked through one instance as taken on the other, which had it free', async () => {
    const date = nextWeekday();
    const takenAt = async (instance: TestApp) =>
      (
        (
          await instance.app.inject({ method: 'GET', url: `/api/leads/demo-slots?date=${date}` })
        ).json() as { slots: { time: string; available: boolean }[] }
      ).slots.find((slot) => slot.time === '11:00')!.available;
    expect(await takenAt(b)).toBe(true);
    const booked = await a.app.inject({
      method: 'POST',
      url: '/api/leads/demo',
      payload: {
        name: 'Jo Smith',
        email: 'jo@corp.eu',
        company: 'Corp',
        companySize: '11-50',
        date,
        time: '11:00',
      },
    });
    expect(booked.statusCode).toBe(201);
    expect(await takenAt(a)).toBe(false);
    await expect.poll(() => takenAt(b), eventually).toBe(false);
  });

  it('keeps the billing summary per organization until a table it reads changes', async () => {
    const { organizationId } = await clusterOrderer(a.app);
    const summary = (instance: TestApp) =>
      instance.app.services.billingSummary.summary(organizationId, new Date());
    const db = a.app.services.db;
    expect((await summary(a)).creditBalance).toBe(0);
    expect((await summary(b)).creditBalance).toBe(0);

    // A write no code announces, to a table the summary reads: its trigger tells every instance.
    await db.execute(
      sql`update organizations set credit_balance_cents = 1234 where id = ${organizationId}`,
    );
    await expect.poll(async () => (await summary(a)).creditBalance, eventually).toBe(1234);
    await expect.poll(async () => (await summary(b)).creditBalance, eventually).toBe(1234);
    await db.execute(
      sql`insert into budgets (organization_id, amount_cents, thresholds)
          values (${organizationId}, 5000, '[50, 90]'::jsonb)`,
    );
    await expect.poll(async () => (await summary(a)).budget?.amount, eventually).toBe(5000);

    // Usage records alone (metering writes them with the daily rollup, in one transaction) are
    // no trigger's: the summary is still the kept one. The cluster they need is a trigger's:
    // its notification is heard (the kept summary dropped) before the summary is kept again.
    const held = a.app.services.organizationAnswers.size();
    const [cluster] = (
      await db.execute<{ id: number }>(sql`
        insert into clusters (organization_id, name, tier_id, provider, region, kubernetes_version,
                              kubernetes_patch, status, node_count, monthly_cost_cents)
        select ${organizationId}, 'cached-summary', id, 'alpenkube', 'eu-de-fra', '1.36', '1.36.0',
               'running', 1, 0 from cluster_tiers where slug = 'blue'
        returning id`)
    ).rows;
    await expect
      .poll(() => a.app.services.organizationAnswers.size(), eventually)
      .toBeLessThan(held);
    const kept = await summary(a);
    const lastHour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
    for (const hour of [lastHour, new Date(lastHour.getTime() - 3_600_000)]) {
      await db.execute(sql`
        insert into usage_records (organization_id, cluster_id, metric, hour, quantity_milli,
                                   billable_milli, cost_millicents)
        values (${organizationId}, ${cluster!.id}, 'node_hours', ${hour.toISOString()}, 1000, 1000,
                500000)`);
    }
    expect(await summary(a)).toEqual(kept);
  });

  it('answers a member’s own write in the billing summary at once, on either database', async () => {
    const { client, organizationId } = await clusterOrderer(a.app);
    // The instance that answers the write forgets the summary itself: on PostgreSQL the
    // trigger's notification may come after the next read.
    const forget = vi.spyOn(a.app.services.organizationAnswers, 'forget');
    const read = async () =>
      (await client.get('/api/billing/summary')).json<{ budget: { amount: number } | null }>();
    expect((await read()).budget).toBeNull();
    // Read again and again right after the write: never the summary from before it.
    const set = await client.put('/api/billing/budget', { amount: 7000, thresholds: [50, 90] });
    expect(set.statusCode, set.body).toBe(200);
    expect(forget).toHaveBeenCalledWith(organizationId);
    expect((await read()).budget?.amount).toBe(7000);
    const changed = await client.put('/api/billing/budget', { amount: 9000, thresholds: [50] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read()).budget?.amount).toBe(9000);
    forget.mockRestore();
  });
});

/** A weekday two weeks ahead: always bookable. */
function nextWeekday(): string {
  const day = new Date(Date.now() + 14 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
