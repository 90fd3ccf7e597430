import type { Cluster, ClusterEvent, CreateClusterOrder, Order } from '@alpenkube/contract';
import { devLogin } from './server-process.ts';

/** A demo user signed in on a server process: JSON calls carrying their session. */
export interface ProcessCaller {
  url: string;
  cookie: string;
  get<T>(path: string): Promise<T>;
  /** Answers the status and the parsed body; throws on a network error only. */
  send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: unknown }>;
}

export async function signInProcess(url: string, username: string): Promise<ProcessCaller> {
  const cookie = await devLogin(url, username);
  return {
    url,
    cookie,
    async get<T>(path: string) {
      const response = await fetch(`${url}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async send(method, path, body, headers = {}) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: url, cookie, ...headers },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
  };
}

/** Saves the test gateway's always-succeeding card; the organization's first card pays by default. */
export async function saveTestCard(caller: ProcessCaller) {
  const token = await caller.send('POST', '/test-gateway/v1/tokens', {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
  });
  if (token.status !== 201 && token.status !== 200) {
    throw new Error(`card token: ${token.status} ${JSON.stringify(token.body)}`);
  }
  const saved = await caller.send('POST', '/api/billing/payment-methods', {
    token: (token.body as { id: string }).id,
  });
  if (saved.status !== 201 && saved.status !== 200) {
    throw new Error(`card: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
}

/** Places a cluster order (with an Idempotency-Key, as the wizard does) and pays it by card. */
export async function orderAndPayCluster(
  caller: ProcessCaller,
  cluster: CreateClusterOrder['cluster'],
  payThrough: ProcessCaller = caller,
): Promise<{ orderId: number; clusterId: number }> {
  const placed = await caller.send(
    'POST',
    '/api/orders',
    { kind: 'cluster', cluster, billingCycle: 'monthly' },
    { 'idempotency-key': `process-${cluster.name}-${Date.now()}` },
  );
  if (placed.status !== 201) {
    throw new Error(`order ${cluster.name}: ${placed.status} ${JSON.stringify(placed.body)}`);
  }
  const orderId = (placed.body as Order).id;
  const paid = await payThrough.send('POST', `/api/orders/${orderId}/pay`, {});
  const order = (paid.body as { order?: Order }).order;
  if (paid.status !== 200 || !order?.clusterId) {
    throw new Error(`pay ${cluster.name}: ${paid.status} ${JSON.stringify(paid.body)}`);
  }
  return { orderId, clusterId: order.clusterId };
}

/** Asks `check` every `everyMs` until it answers something, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const clusterOf = (caller: ProcessCaller, id: number) =>
  caller.get<Cluster>(`/api/clusters/${id}`);

export const clusterEventsOf = (caller: ProcessCaller, id: number) =>
  caller.get<ClusterEvent[]>(`/api/clusters/${id}/events`);

export const nodeNames = (cluster: Cluster) =>
  cluster.nodePools.flatMap((pool) => pool.nodes.map((node) => node.name));
