import { expect, type APIRequestContext } from '@playwright/test';

export interface ClusterOrderOptions {
  /** The start of the cluster's name; a base-36 time follows it, so every run has its own. */
  prefix: string;
  /** 'orange' (Dev/Test, one node) unless told; 'blue' gets three nodes, as Production needs. */
  tier?: 'orange' | 'blue';
  /** The node pool's size; the smallest unless told. */
  size?: string;
  /** Hours until a preview cluster is deleted; none unless told. */
  expiresInHours?: number;
  /**
   * How the order is paid: 'saved' by the organization's saved card (or its credit), as the
   * checkout does without a choice; 'test-card' by the test gateway's card, saved first.
   */
  payWith?: 'saved' | 'test-card';
  /**
   * Headers that sign the requests in, e.g. an API token's `authorization`; without them the
   * request's cookies do, with the Origin header the server asks of a cookie session.
   */
  auth?: Record<string, string>;
}

/**
 * A cluster of the demo organization of its own, ordered and paid through the API as the
 * wizard's checkout would; answers once the payment is taken (the cluster is provisioning).
 */
export async function paidCluster(
  request: APIRequestContext,
  baseURL: string,
  options: ClusterOrderOptions,
) {
  const origin = { Origin: baseURL };
  const auth = options.auth ?? origin;
  const tier = options.tier ?? 'orange';
  // No hyphen of ours after the prefix: an invoice PDF may break a long line at one, and the
  // billing journey reads invoices back.
  const name = `${options.prefix}${Date.now().toString(36)}`;
  const placed = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': `e2e-${name}`, ...auth },
    data: {
      kind: 'cluster',
      cluster: {
        name,
        tier,
        provider: 'alpenkube',
        region: 'eu-fr-par',
        kubernetesVersion: '1.37',
        nodePools: [
          { name: 'general', size: options.size ?? 's-2vcpu-4gb', count: tier === 'blue' ? 3 : 1 },
        ],
        haControlPlane: false,
        addons: [],
        supportPlan: 'basic',
        ...(options.expiresInHours ? { expiresInHours: options.expiresInHours } : {}),
      },
      billingCycle: 'monthly',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number };

  let payment: { paymentMethodId?: number } = {};
  if (options.payWith === 'test-card') {
    const token = await request.post('/test-gateway/v1/tokens', {
      headers: origin,
      data: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      },
    });
    expect(token.status(), await token.text()).toBe(201);
    const card = await request.post('/api/billing/payment-methods', {
      headers: auth,
      data: { token: ((await token.json()) as { id: string }).id, makeDefault: false },
    });
    // The card is saved once per organization: 200 when another spec saved it first.
    expect([200, 201], await card.text()).toContain(card.status());
    payment = { paymentMethodId: ((await card.json()) as { id: number }).id };
  }
  const paid = await request.post(`/api/orders/${order.id}/pay`, { headers: auth, data: payment });
  expect(paid.status(), await paid.text()).toBe(200);
  const result = (await paid.json()) as { status: string; order: { clusterId: number | null } };
  expect(result.status).toBe('paid');
  expect(result.order.clusterId).not.toBeNull();
  return { id: result.order.clusterId!, name, orderId: order.id };
}

/** The cluster as the API answers it, with the fields the specs read. */
export async function clusterStatus(
  request: APIRequestContext,
  id: number,
  auth: Record<string, string> = {},
) {
  const response = await request.get(`/api/clusters/${id}`, { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { status: string; expiresAt: string | null };
}

/** A cluster of its own as `paidCluster` orders it, once it is running. */
export async function runningCluster(
  request: APIRequestContext,
  baseURL: string,
  options: ClusterOrderOptions,
) {
  const cluster = await paidCluster(request, baseURL, options);
  await expect
    .poll(async () => (await clusterStatus(request, cluster.id, options.auth)).status, {
      timeout: 45_000,
      intervals: [500],
    })
    .toBe('running');
  return cluster;
}
