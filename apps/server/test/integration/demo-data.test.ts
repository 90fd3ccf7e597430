import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@alpenkube/contract';
import * as OTPAuth from 'otpauth';
import {
  DEMO_PASSWORD,
  DEMO_STAFF_TOTP_SECRET,
  seedDemoData,
} from '../../src/modules/dev/demo-data.ts';
import { and, eq } from 'drizzle-orm';
import { jobs, orders } from '../../src/db/schema.ts';
import type {
  OperatorOrganizationPage,
  Member,
  Cluster,
  ClusterAddons,
  ClusterEvent,
  ClusterLoadBalancers,
  ClusterPage,
  ClusterVolumes,
  ProductDetail,
  ProductInstance,
  QueuePage,
  Ticket,
  TicketSummary,
} from '@alpenkube/contract';
import { settleJobs } from '../support/clusters.ts';
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

  it('gives the platform staff the published second factor, which the platform pages need', async () => {
    for (const username of ['superadmin', 'officer']) {
      const client = new Client(t.app);
      const login = await client.post('/api/login', { username, password: DEMO_PASSWORD });
      expect(login.json()).toEqual({ mfaRequired: true });
      const code = new OTPAuth.TOTP({
        secret: OTPAuth.Secret.fromBase32(DEMO_STAFF_TOTP_SECRET),
      }).generate();
      const second = await client.post('/api/login/mfa', { code });
      expect(second.statusCode, second.body).toBe(200);
      expect((await client.get('/api/officers/audit-events?limit=1')).statusCode).toBe(200);
    }
  });

  it('gives the demo organization clusters in every lasting state on every provider, with a past', async () => {
    const demo = await signIn('demo');
    const live = (await demo.get('/api/clusters?limit=100')).json<ClusterPage>();
    const deleted = (await demo.get('/api/clusters?status=deleted')).json<ClusterPage>();
    const all = [...live.items, ...deleted.items];
    expect(new Set(all.map((cluster) => cluster.status))).toEqual(
      new Set(['ordered', 'running', 'degraded', 'failed', 'deleted']),
    );
    expect(new Set(all.map((cluster) => cluster.provider.slug))).toEqual(
      new Set(['alpenkube', 'gke', 'eks', 'aks', 'iks', 'cce', 'ack', 'doks']),
    );
    const payments = all.find((cluster) => cluster.name === 'payments-api')!;
    const events = (await demo.get(`/api/clusters/${payments.id}/events`)).json<ClusterEvent[]>();
    expect(events.length).toBeGreaterThan(10);
    expect(events.map((event) => event.message)).toContain('Cluster payments-api upgraded');
    const detail = (await demo.get(`/api/clusters/${payments.id}`)).json<Cluster>();
    expect(detail.nodePools.map((pool) => pool.nodes.length)).toEqual([3, 3]);
    // The paid order's cluster provisions live, through the jobs, once the server runs them.
    const prod = all.find((cluster) => cluster.name === 'prod-eu')!;
    expect(prod.operation).toMatchObject({ kind: 'provision' });
  });

  it('gives demo clusters persistent volumes and load balancers, what storage and egress bill', async () => {
    const demo = await signIn('demo');
    const live = (await demo.get('/api/clusters?limit=100')).json<ClusterPage>();
    const shop = live.items.find((cluster) => cluster.name === 'eu-shop')!;
    const volumes = (await demo.get(`/api/clusters/${shop.id}/volumes`)).json<ClusterVolumes>();
    // The media volume was deleted three days ago.
    expect(volumes.volumes.filter((v) => v.kind === 'persistent').map((v) => v.name)).toEqual([
      'catalog-db',
    ]);
    const balancers = (
      await demo.get(`/api/clusters/${shop.id}/load-balancers`)
    ).json<ClusterLoadBalancers>();
    expect(balancers.loadBalancers).toMatchObject([
      { name: 'storefront', ip: '203.0.113.10', simulatedTraffic: true },
    ]);
    const events = (await demo.get(`/api/clusters/${shop.id}/events`)).json<ClusterEvent[]>();
    expect(events.map((event) => event.message)).toContain('Volume media deleted (500 GB)');
  });

  it('gives the demo organization tickets in every status with conversations, and the queue anonymous ones', async () => {
    const demo = await signIn('demo');
    const list = (await demo.get('/api/support/tickets')).json<TicketSummary[]>();
    expect(new Set(list.map((ticket) => ticket.status))).toEqual(
      new Set(['open', 'awaiting_customer', 'resolved', 'closed']),
    );
    expect(list.filter((ticket) => ticket.kind === 'custom_solution')).toHaveLength(1);
    const assigned = list.find((ticket) => ticket.assigneeName)!;
    const conversation = (await demo.get(`/api/support/tickets/${assigned.id}`)).json<Ticket>();
    expect(conversation.messages.map((m) => m.author)).toEqual(['customer', 'support']);
    const withFile = list.find((ticket) => ticket.status === 'open' && ticket.kind === 'ticket')!;
    const opened = (await demo.get(`/api/support/tickets/${withFile.id}`)).json<Ticket>();
    expect(opened.messages[0]!.attachments[0]).toMatchObject({ contentType: 'text/plain' });
    expect(opened.relatedCluster?.name).toBe('prod-eu');

    const staff = await signIn('superadmin');
    const queue = (await staff.get('/api/support/queue?limit=200')).json<QueuePage>();
    expect(queue.tickets.filter((ticket) => ticket.anonymous).length).toBeGreaterThanOrEqual(2);
    const staffView = (await staff.get(`/api/support/queue/${assigned.id}`)).json<Ticket>();
    expect(staffView.messages.some((m) => m.internal)).toBe(true);
  });

  it("gives the demo organization orders in each state, placed through the customer's own steps", async () => {
    const demo = await signIn('demo');
    const list = (await demo.get('/api/orders?kind=cluster')).json<Order[]>();
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
      clusters: 8,
      // The three cluster orders, the two marketplace products' and the two add-on orders.
      orders: { total: 7 },
    });
  });

  it('gives the demo organization add-ons: installed from its clusters, and one installed through an order', async () => {
    const demo = await signIn('demo');
    const list = (await demo.get('/api/orders?kind=addon')).json<Order[]>();
    const monitoring = list.find((order) => order.description === 'Add-on Monitoring on eu-shop')!;
    const shop = (await demo.get(`/api/orders/${monitoring.id}`)).json<Order>();
    expect(shop.payment).toMatchObject({ status: 'succeeded' });
    // Its installation is a job, run as a customer's would once the server runs jobs.
    const queued = await t.app.services.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.type, 'addon.install'), eq(jobs.status, 'pending')));
    expect(queued.map((job) => job.payload)).toEqual([{ orderId: monitoring.id }]);
    const cluster = (await demo.get(`/api/clusters/${shop.targetClusterId}`)).json<Cluster>();
    expect(cluster.addons.map((addon) => addon.slug)).toEqual(['ingress-nginx', 'cert-manager']);
    const payments = (await demo.get('/api/clusters?q=payments-api')).json<ClusterPage>().items[0]!;
    const installed = (await demo.get(`/api/clusters/${payments.id}/addons`)).json<ClusterAddons>();
    expect(installed.addons.filter((addon) => addon.installed).map((addon) => addon.slug)).toEqual([
      'ingress-nginx',
      'monitoring',
      'backup',
      'policy',
    ]);
  });

  it('gives the demo organization two marketplace products, paid, subscribed and active once provisioned', async () => {
    const demo = await signIn('demo');
    const ordered = (await demo.get('/api/products')).json<ProductInstance[]>();
    expect(ordered.map((product) => [product.name, product.status])).toEqual([
      ['customer-sso', 'ordered'],
      ['orders-db', 'ordered'],
    ]);
    await settleJobs(t.app);
    for (const { id } of ordered) {
      const product = (await demo.get(`/api/products/${id}`)).json<ProductDetail>();
      expect(product).toMatchObject({ status: 'active', secretVersion: 1 });
      expect(product.period?.price).toBeGreaterThan(0);
      const order = (await demo.get(`/api/orders/${product.orderId}`)).json<Order>();
      expect(order).toMatchObject({ kind: 'product', status: 'completed' });
      expect(order.payment).toMatchObject({ status: 'succeeded' });
    }
  });

  it('gives the demo organization a billing past: closed months paid, credits, a budget, usage', async () => {
    const demo = await signIn('demo');
    const invoices = (await demo.get('/api/billing/invoices')).json() as {
      id: number;
      number: string;
      status: string;
      periodStart: string;
      periodEnd: string;
      amountDue: number;
    }[];
    const monthStart = (offset: number) => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString();
    };
    // The last three whole months, each closed and paid, newest first.
    expect(invoices.slice(0, 3).map((invoice) => [invoice.periodStart, invoice.periodEnd])).toEqual(
      [
        [monthStart(-1), monthStart(0)],
        [monthStart(-2), monthStart(-1)],
        [monthStart(-3), monthStart(-2)],
      ],
    );
    expect(new Set(invoices.map((invoice) => invoice.status))).toEqual(new Set(['paid']));
    expect(invoices.every((invoice) => /^INV-\d{4}-\d{6}$/.test(invoice.number))).toBe(true);
    const pdf = await demo.get(`/api/billing/invoices/${invoices[0]!.id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const credits = (await demo.get('/api/billing/credits')).json() as {
      history: { kind: string }[];
    };
    expect(new Set(credits.history.map((entry) => entry.kind))).toEqual(
      new Set(['grant', 'proration', 'payment']),
    );
    expect((await demo.get('/api/billing/budget')).json()).toMatchObject({
      amount: 2_000_000,
      thresholds: [50, 80, 100],
    });
    const details = (await demo.get('/api/billing/details')).json();
    expect(details).toMatchObject({ country: 'DE', vatTreatment: 'reverse_charge' });

    const from = monthStart(-3).slice(0, 10);
    const to = new Date(Date.parse(monthStart(0)) - 86_400_000).toISOString().slice(0, 10);
    const usage = (await demo.get(`/api/usage?from=${from}&to=${to}&groupBy=cluster`)).json() as {
      rows: { clusterName: string; metric: string; quantity: number }[];
    };
    const nodeHours = usage.rows.find(
      (row) => row.clusterName === 'payments-api' && row.metric === 'node_hours',
    );
    // Six nodes since it was created, about 90 days ago, every hour of it metered.
    expect(nodeHours!.quantity).toBeGreaterThan(6 * 24 * 60);
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

  it('gives the people pages a past: each person who signed in in the trail shows when', async () => {
    const admin = await signIn('admin');
    const people = (await admin.get('/api/admin/users?limit=50')).json<Member[]>();
    const dana = people.find((person) => person.username === 'demo');
    expect(dana?.lastLoginAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(dana!.lastLoginAt!)).toBeLessThan(30 * 86_400_000);
  });

  it('seeds once: a second start adds nothing', async () => {
    const before = await t.app.services.db.select({ id: orders.id }).from(orders);
    await seedDemoData(t.app.services);
    const after = await t.app.services.db.select({ id: orders.id }).from(orders);
    expect(after).toHaveLength(before.length);
  });
  it('gives the operators organizations to approve and one suspended, each with its admin', async () => {
    const operator = await signIn('superadmin');
    const page = (await operator.get('/api/admin/organizations')).json<OperatorOrganizationPage>();
    expect(page.counts).toMatchObject({ pending_approval: 3, suspended: 1 });
    expect(page.organizations.slice(0, 3).map((organization) => organization.name)).toEqual([
      'Bergblick Analytics GmbH',
      'Lac Léman Robotics SA',
      'Fjordline Media AS',
    ]);
    const suspended = page.organizations.find(
      (organization) => organization.status === 'suspended',
    );
    expect(suspended).toMatchObject({
      name: 'Castello Digitale Srl',
      suspendedReason: 'Three invoices unpaid since September',
      activeAdminCount: 1,
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'bergblick', password: 'demo-password' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
