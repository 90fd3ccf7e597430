import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@alpenkube/contract';
import { seedDemoData } from '../../src/modules/dev/demo-data.ts';
import { orders } from '../../src/db/schema.ts';
import { Client, createTestApp, type TestApp } from '../support/test-app.ts';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  const signIn = async (username: string) => {
    const client = new Client(t.app);
    expect((await client.post('/api/dev/login', { username })).statusCode).toBe(200);
    return client;
  };

  it("gives the demo organization orders in each state, placed through the customer's own steps", async () => {
    const demo = await signIn('demo');
    const list = (await demo.get('/api/orders')).json<Order[]>();
    expect(list.map((order) => [order.description, order.status])).toEqual([
      ['Cluster scratch: Sandbox, 1 node', 'cancelled'],
      ['Cluster analytics: Data Analytics, 3 nodes', 'pending_payment'],
      ['Cluster prod-eu: Standard, 3 nodes', 'fulfilling'],
    ]);
    const paid = (await demo.get(`/api/orders/${list[2]!.id}`)).json<Order>();
    expect(paid.payment).toMatchObject({ status: 'succeeded', card: { last4: '4242' } });
    expect(paid.clusterId).toEqual(expect.any(Number));
    expect((await demo.get('/api/billing/payment-methods')).json()).toHaveLength(1);
    expect((await demo.get('/api/sidebar-counts')).json()).toEqual({
      clusters: 1,
      orders: { total: 3 },
    });
  });

  it('gives the newcomer an approved organization of its own with nothing ordered yet', async () => {
    const newcomer = await signIn('newcomer');
    expect((await newcomer.get('/api/user')).json()).toMatchObject({
      companyName: 'Nordwind Logistik AG',
      organizationStatus: 'active',
      role: 'admin',
    });
    expect((await newcomer.get('/api/orders')).json()).toEqual([]);
  });

  it('seeds once: a second start adds nothing', async () => {
    const before = await t.app.services.db.select({ id: orders.id }).from(orders);
    await seedDemoData(t.app.services);
    const after = await t.app.services.db.select({ id: orders.id }).from(orders);
    expect(after).toHaveLength(before.length);
  });
});
