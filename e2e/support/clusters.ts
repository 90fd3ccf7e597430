import { expect, type APIRequestContext } from './fixtures';

interface RunningClusterOptions {
  /** The name's prefix; a time-based suffix makes each run's own. No hyphen for PDFs' sake. */
  prefix: string;
  tier?: 'blue' | 'orange';
  size?: string;
  count?: number;
  /** Pays with a test card added for the purpose, instead of the credit and default card. */
  newCard?: boolean;
}

/**
 * A running cluster of the signed-in organization, its own so nothing another spec reads
 * changes: ordered and paid through the API as a script would, then waited for.
 */
export async function runningCluster(
  request: APIRequestContext,
  baseURL: string,
  {
    prefix,
    tier = 'orange',
    size = 's-2vcpu-4gb',
    count = 1,
    newCard = false,
  }: RunningClusterOptions,
) {
  const origin = { Origin: baseURL };
  const name = `${prefix}${Date.now().toString(36)}`;
  const placed = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': `${prefix}-spec-${name}`, ...origin },
    data: {
      kind: 'cluster',
      cluster: {
        name,
        tier,
        provider: 'alpenkube',
        region: 'eu-fr-par',
        kubernetesVersion: '1.37',
        nodePools: [{ name: 'general', size, count }],
        haControlPlane: false,
        addons: [],
        supportPlan: 'basic',
      },
      billingCycle: 'monthly',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number };
  const paid = await request.post(`/api/orders/${order.id}/pay`, {
    headers: origin,
    data: newCard ? { paymentMethodId: await addTestCard(request, origin) } : {},
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const id = ((await paid.json()) as { order: { clusterId: number } }).order.clusterId;
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/clusters/${id}`)).json()) as { status: string }).status,
      { timeout: 45_000, intervals: [500] },
    )
    .toBe('running');
  return { id, name };
}

/** A test card tokenized by the test gateway and saved, not as the default: its id. */
async function addTestCard(request: APIRequestContext, origin: { Origin: string }) {
  const token = await request.post('/test-gateway/v1/tokens', {
    headers: origin,
    data: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
  });
  const card = await request.post('/api/billing/payment-methods', {
    headers: origin,
    data: { token: ((await token.json()) as { id: string }).id, makeDefault: false },
  });
  expect([200, 201], await card.text()).toContain(card.status());
  return ((await card.json()) as { id: number }).id;
}
