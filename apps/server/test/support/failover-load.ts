import pg from 'pg';
import WebSocket from 'ws';
import type { Cluster, ClusterPage, CreateClusterOrder, Order } from '@alpenkube/contract';
import { orderAndPayCluster, saveTestCard, signInProcess } from './cluster-process.ts';
import { startNginx, UPSTREAM_HEADER, type NginxProxy } from './nginx-proxy.ts';
import { devLogin, freePort, spawnServer, type ServerProcess } from './server-process.ts';
import { createTestDatabase, dropTestDatabases } from './postgres-databases.ts';

/**
 * Three server instances on one PostgreSQL behind nginx, a few hundred virtual customers each
 * holding a WebSocket and walking the customer journey, and one instance killed with SIGKILL
 * and restarted on its port in the middle. Shared by the process test (short) and `npm run
 * bench` (longer); the checks live here too, so both judge a run by the same rules.
 */

export interface LoadOptions {
  organizations: number;
  usersPerOrganization: number;
  loadSeconds: number;
  /** When the instance is killed, from the start of the load. */
  killAfterSeconds: number;
  /** Cluster orders a virtual user places at most during the run. */
  ordersPerUser: number;
}

export interface RequestRecord {
  route: string;
  start: number;
  end: number;
  /** Null when the request failed without an answer (reset, refused, timed out). */
  status: number | null;
  /** The statuses this step of the journey expects (a busy cluster answers 409, for one). */
  expected: boolean;
  /** The upstream(s) nginx tried, as its `$upstream_addr` says. */
  upstream: string | null;
}

interface SocketSegment {
  openedAt: number;
  closedAt: number | null;
}

export interface SocketLog {
  userId: number;
  segments: SocketSegment[];
  /** Ids of the notifications pushed to the socket. */
  received: Set<number>;
}

export interface Acknowledged {
  /** Orders that answered 201, with the Idempotency-Key that placed them. */
  orders: { orderId: number; key: string }[];
  /** Orders whose payment answered 200. */
  paidOrders: number[];
  /** Every key sent, answered or not: none may have placed two orders. */
  orderKeys: string[];
  tickets: { ticketId: number; subject: string }[];
}

export interface KillWindow {
  address: string;
  killedAt: number;
  /** When the killed process had exited (its sockets closed by the kernel). */
  exitedAt: number;
  /** When the restarted instance answered its health check. */
  readyAt: number;
}

export interface FailoverRun {
  databaseUrl: string;
  records: RequestRecord[];
  sockets: SocketLog[];
  acknowledged: Acknowledged;
  kill: KillWindow;
  loadStartedAt: number;
  loadEndedAt: number;
  /** Notifications written before this (and after a socket's last open) must have arrived. */
  pushDeadline: number;
  /** How long the start took: the three instances, then the seeding and the first orders. */
  setup: { instancesMs: number; customersMs: number };
  cleanup(): Promise<void>;
}

/** Time left for pushes of the last writes to arrive before the sockets close. */
const PUSH_DRAIN_MS = 3000;
const REQUEST_TIMEOUT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pause = (min: number, max: number) => sleep(min + Math.random() * (max - min));

interface Customer {
  id: number;
  username: string;
  organizationId: number;
  admin: boolean;
}

/**
 * The customers, written straight into the database: organizations approved and active, people
 * active with verified e-mail. They sign in through the development sign-in (APP_ENV=development
 * has it), so no password is ever hashed; the column takes the demo user's hash, one argon2 hash
 * for every row instead of one per person (a second each on this machine).
 */
async function seedCustomers(sql: pg.Client, options: LoadOptions): Promise<Customer[]> {
  const { rows: orgs } = await sql.query<{ id: number }>(
    `insert into organizations (name, name_key, billing_id, status, approved_at)
     select 'Load Org ' || i, 'load org ' || i, 'LOAD-' || i, 'active', now()
       from generate_series(1, $1::int) i
     returning id`,
    [options.organizations],
  );
  const { rows } = await sql.query<{
    id: number;
    username: string;
    organization_id: number;
    role: string;
  }>(
    `insert into users (organization_id, username, email, name, password_hash, role, status,
                        email_verified)
     select o.id, 'load-' || o.id || '-' || n, 'load-' || o.id || '-' || n || '@load.example',
            'Load ' || o.id || '/' || n,
            (select password_hash from users where username = 'demo'),
            case when n = 1 then 'admin' else 'user' end, 'active', true
       from unnest($1::int[]) o(id) cross join generate_series(1, $2::int) n
     returning id, username, organization_id, role`,
    [orgs.map((org) => org.id), options.usersPerOrganization],
  );
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    organizationId: row.organization_id,
    admin: row.role === 'admin',
  }));
}

/** One Dev/Test node: cheap, and provisioned in about a second at the test's speed. */
export const smallCluster = (name: string): CreateClusterOrder['cluster'] => ({
  name,
  tier: 'orange',
  provider: 'alpenkube',
  region: 'eu-de-fra',
  kubernetesVersion: '1.36',
  nodePools: [{ name: 'general', size: 's-2vcpu-4gb', count: 1 }],
  haControlPlane: false,
  addons: [],
  supportPlan: 'basic',
});

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map(task));
  }
}

/** Each organization's admin saves the test card and buys one cluster, for the others to scale. */
async function prepareOrganizations(url: string, customers: Customer[]) {
  await inBatches(
    customers.filter((customer) => customer.admin),
    6,
    async (admin) => {
      const caller = await signInProcess(url, admin.username);
      await saveTestCard(caller);
      await orderAndPayCluster(caller, smallCluster(`base-${admin.organizationId}`));
    },
  );
}

/**
 * A browser tab's socket: reconnects after a close with a backoff (250 ms doubling to 2 s, with
 * jitter, reset once open), as the web app's does with its fixed 5 s, shorter so the test sees
 * the reconnection within its run.
 */
function keepSocket(url: string, cookie: string, log: SocketLog) {
  let stopped = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let timer: NodeJS.Timeout | null = null;
  const open = () => {
    const current = new WebSocket(`${url.replace('http', 'ws')}/ws`, {
      headers: { cookie, origin: url },
    });
    socket = current;
    let segment: SocketSegment | null = null;
    current.on('open', () => {
      attempt = 0;
      segment = { openedAt: Date.now(), closedAt: null };
      log.segments.push(segment);
    });
    current.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; notification?: { id: number } };
      if (message.type === 'notification' && message.notification) {
        log.received.add(message.notification.id);
      }
    });
    current.on('error', () => {});
    current.on('close', () => {
      if (segment) segment.closedAt = Date.now();
      if (stopped) return;
      const delay = Math.min(250 * 2 ** attempt, 2000) * (0.5 + Math.random() / 2);
      attempt += 1;
      timer = setTimeout(open, delay);
    });
  };
  open();
  return {
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = socket;
      if (!current || current.readyState === WebSocket.CLOSED) return;
      const closed = new Promise((resolve) => current.once('close', resolve));
      current.close();
      await closed;
    },
  };
}

/** Calls through the proxy as the web app does: JSON, the session cookie, Origin on writes. */
function httpClient(url: string, records: RequestRecord[]) {
  return async function call(
    cookie: string,
    route: string,
    path: string,
    /** The statuses the journey expects, or a test of the answer for finer cases. */
    expect: number[] | ((status: number, text: string) => boolean),
    init: {
      method?: string;
      body?: unknown;
      form?: FormData;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number | null; body: unknown }> {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { cookie, ...init.headers };
    if (method !== 'GET') headers.origin = url;
    let body: string | FormData | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const start = Date.now();
    try {
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      records.push({
        route,
        start,
        end: Date.now(),
        status: response.status,
        expected:
          typeof expect === 'function'
            ? expect(response.status, text)
            : expect.includes(response.status),
        upstream: response.headers.get(UPSTREAM_HEADER),
      });
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: response.status, body: parsed };
    } catch {
      records.push({
        route,
        start,
        end: Date.now(),
        status: null,
        expected: false,
        upstream: null,
      });
      return { status: null, body: null };
    }
  };
}

type Call = ReturnType<typeof httpClient>;

/** An answer worth trying again: none came, or the proxy or server failed (5xx). */
const failed = (status: number | null) => status === null || status >= 500;

/** The customer journey of one virtual user until `until`. */
async function journey(
  call: Call,
  customer: Customer,
  cookie: string,
  until: number,
  options: LoadOptions,
  acknowledged: Acknowledged,
) {
  let ordered = 0;
  let clusters: { id: number; status: string }[] = [];

  const dashboard = () =>
    Promise.all([
      call(cookie, 'GET /api/user', '/api/user', [200]),
      call(cookie, 'GET /api/sidebar-counts', '/api/sidebar-counts', [200]),
      call(cookie, 'GET /api/notifications/count', '/api/notifications/count', [200]),
      call(cookie, 'GET /api/billing/summary', '/api/billing/summary', [200]),
    ]);

  const listClusters = async () => {
    const page = await call(cookie, 'GET /api/clusters', '/api/clusters', [200]);
    if (page.status === 200) clusters = (page.body as ClusterPage).items;
    return clusters;
  };

  const showCluster = async (id: number) => {
    const [detail] = await Promise.all([
      call(cookie, 'GET /api/clusters/:id', `/api/clusters/${id}`, [200]),
      call(cookie, 'GET /api/clusters/:id/events', `/api/clusters/${id}/events`, [200]),
    ]);
    return detail.status === 200 ? (detail.body as Cluster) : null;
  };

  /**
   * The wizard's order and the checkout's payment. A failed answer is asked again as a person
   * would press again: the order with the same Idempotency-Key, the payment of the same order.
   */
  const orderAndPay = async () => {
    ordered += 1;
    const key = `load-${customer.id}-${ordered}-${Date.now()}`;
    acknowledged.orderKeys.push(key);
    const order = { kind: 'cluster', cluster: smallCluster(`u${customer.id}-${ordered}`) };
    let placed: { status: number | null; body: unknown } = { status: null, body: null };
    for (let attempt = 0; attempt < 3 && failed(placed.status); attempt++) {
      if (attempt > 0) await pause(300, 800);
      placed = await call(cookie, 'POST /api/orders', '/api/orders', [201], {
        method: 'POST',
        body: { ...order, billingCycle: 'monthly' },
        headers: { 'idempotency-key': key },
      });
    }
    if (placed.status !== 201) return;
    const orderId = (placed.body as Order).id;
    acknowledged.orders.push({ orderId, key });
    await pause(100, 400);
    let paid: { status: number | null; body: unknown } = { status: null, body: null };
    for (let attempt = 0; attempt < 3 && failed(paid.status); attempt++) {
      if (attempt > 0) await pause(300, 800);
      // A repeated payment of a paid order is refused (409): the first one took.
      paid = await call(cookie, 'POST /api/orders/:id/pay', `/api/orders/${orderId}/pay`, [200], {
        method: 'POST',
        body: {},
      });
    }
    if (paid.status === 200) acknowledged.paidOrders.push(orderId);
  };

  const scale = async () => {
    const running = (clusters.length ? clusters : await listClusters()).filter(
      (cluster) => cluster.status === 'running',
    );
    if (!running.length) return;
    const target = running[Math.floor(Math.random() * running.length)]!;
    const detail = await showCluster(target.id);
    const pool = detail?.nodePools[0];
    if (!detail || detail.status !== 'running' || !pool) return;
    // Another member may be changing it already (409), may have just scaled it (422), or may
    // have scaled it to this very count since it was read (400 "already has N nodes").
    await call(
      cookie,
      'PATCH /api/clusters/:id/node-pools/:poolId',
      `/api/clusters/${target.id}/node-pools/${pool.id}`,
      (status, text) =>
        [200, 409, 422].includes(status) || (status === 400 && /already has \d+ nodes/.test(text)),
      { method: 'PATCH', body: { count: pool.count >= 2 ? 1 : 2 } },
    );
  };

  const openTicket = async () => {
    const subject = `Load ${customer.id} ${Date.now()} ${Math.random().toString(36).slice(2, 8)}`;
    const form = new FormData();
    form.set('subject', subject);
    form.set('category', 'technical');
    form.set('severity', 'normal');
    form.set('body', 'The cluster answers slowly since this morning, please have a look.');
    const answer = await call(cookie, 'POST /api/support/tickets', '/api/support/tickets', [201], {
      method: 'POST',
      form,
    });
    if (answer.status === 201) {
      acknowledged.tickets.push({ ticketId: (answer.body as { id: number }).id, subject });
    }
  };

  const readNotifications = async () => {
    const list = await call(cookie, 'GET /api/notifications', '/api/notifications', [200]);
    const unread =
      list.status === 200
        ? (list.body as { id: number; read: boolean }[]).find((n) => !n.read)
        : undefined;
    if (unread) {
      await call(
        cookie,
        'PUT /api/notifications/:id/read',
        `/api/notifications/${unread.id}/read`,
        [200],
        { method: 'PUT' },
      );
    }
  };

  await dashboard();
  while (Date.now() < until) {
    // A person reads what a page shows before the next click.
    await pause(500, 2500);
    const roll = Math.random();
    if (roll < 0.25) await dashboard();
    else if (roll < 0.5) {
      const list = await listClusters();
      if (list.length) await showCluster(list[Math.floor(Math.random() * list.length)]!.id);
    } else if (roll < 0.6 && ordered < options.ordersPerUser) await orderAndPay();
    else if (roll < 0.7) await scale();
    else if (roll < 0.8) await openTicket();
    else await readNotifications();
  }
}

/** Starts everything, runs the load with the kill in its middle, and answers what happened. */
export async function runFailoverLoad(
  options: LoadOptions,
  /** Handed the cleanup at once, so that a caller timing out can still remove everything. */
  onCleanup: (cleanup: () => Promise<void>) => void = () => {},
): Promise<FailoverRun> {
  const databaseUrl = await createTestDatabase();
  const sql = new pg.Client({ connectionString: databaseUrl });
  const servers: ServerProcess[] = [];
  const held: ReturnType<typeof keepSocket>[] = [];
  let proxy: NginxProxy | undefined;
  const cleanup = async () => {
    // The sockets first: a socket left open would keep reconnecting, and the process alive.
    await Promise.all(held.map((socket) => socket.close()));
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.kill()));
    await sql.end().catch(() => {});
    await dropTestDatabases(new URL(databaseUrl).pathname.slice(1));
  };
  onCleanup(cleanup);
  try {
    const setupStartedAt = Date.now();
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const env = (port: number) => ({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      TRUST_PROXY: '1',
      // Every socket comes from nginx: its own count is the cap (docs/operations.md).
      MAX_CONNECTIONS_PER_ADDRESS: '10000',
      // A one-node cluster runs within about a second: scaling finds running clusters.
      PROVIDER_SIM_SPEED: '400',
    });
    // All three start at once on the empty database, as a deployment's instances would.
    servers.push(...ports.map((port) => spawnServer(env(port))));
    await Promise.all(servers.map((server) => server.ready));
    const instancesMs = Date.now() - setupStartedAt;
    proxy = await startNginx(ports);
    const url = proxy.url;
    await sql.connect();
    const customers = await seedCustomers(sql, options);
    await prepareOrganizations(url, customers);

    const customersMs = Date.now() - setupStartedAt - instancesMs;
    const records: RequestRecord[] = [];
    const call = httpClient(url, records);
    const acknowledged: Acknowledged = { orders: [], paidOrders: [], orderKeys: [], tickets: [] };
    const loadStartedAt = Date.now();
    const until = loadStartedAt + options.loadSeconds * 1000;
    const sockets: SocketLog[] = [];

    const victim = 1;
    const killing = (async (): Promise<KillWindow> => {
      await sleep(options.killAfterSeconds * 1000);
      const killedAt = Date.now();
      const killed = servers[victim]!;
      await killed.kill();
      const exitedAt = Date.now();
      const restarted = spawnServer(env(killed.port));
      servers[victim] = restarted;
      await restarted.ready;
      return { address: `127.0.0.1:${killed.port}`, killedAt, exitedAt, readyAt: Date.now() };
    })();
    // Awaited once the load is over; a restart that fails must not go unheard until then.
    killing.catch(() => {});

    const users = customers.map(async (customer, index) => {
      // Spread over the first two seconds, as people arrive.
      await sleep((index / customers.length) * 2000);
      const log: SocketLog = { userId: customer.id, segments: [], received: new Set() };
      sockets.push(log);
      const started = Date.now();
      const cookie = await devLogin(url, customer.username);
      records.push({
        route: 'POST /api/dev/login',
        start: started,
        end: Date.now(),
        status: 200,
        expected: true,
        upstream: null,
      });
      held.push(keepSocket(url, cookie, log));
      await journey(call, customer, cookie, until, options, acknowledged);
    });
    await Promise.all(users);
    const loadEndedAt = Date.now();
    const kill = await killing;
    await sleep(PUSH_DRAIN_MS);
    const pushDeadline = Date.now() - PUSH_DRAIN_MS;
    await Promise.all(held.map((socket) => socket.close()));
    return {
      databaseUrl,
      records,
      sockets,
      acknowledged,
      kill,
      loadStartedAt,
      loadEndedAt,
      pushDeadline,
      setup: { instancesMs, customersMs },
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
