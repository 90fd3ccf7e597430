import type { Order, OrderSummary } from '@alpenkube/contract';

/** An order summary as the API answers it; tests override what they are about. */
export function summary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const id = overrides.id ?? 42;
  return {
    id,
    number: `ORD-${String(id).padStart(6, '0')}`,
    kind: 'cluster',
    status: 'pending_payment',
    description: 'Cluster prod-eu: Standard (Blue), 3 nodes',
    billingCycle: 'monthly',
    currency: 'USD',
    total: 45_000,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A whole cluster order waiting for payment, with one line per part. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    ...summary(overrides),
    lines: [
      {
        kind: 'control_plane',
        description: 'Control plane',
        quantity: 1,
        unitAmount: 9_000,
        amount: 9_000,
      },
      {
        kind: 'nodes',
        description: 'Nodes m-4vcpu-16gb',
        quantity: 3,
        unitAmount: 12_000,
        amount: 36_000,
      },
    ],
    subtotal: 45_000,
    discount: 0,
    promoCode: null,
    creditApplied: 0,
    amountDue: 45_000,
    paidAt: null,
    cluster: {
      name: 'prod-eu',
      tier: 'standard',
      provider: 'alpenkube',
      region: 'eu-fr-par',
      kubernetesVersion: '1.33',
      nodePools: [{ name: 'default', size: 'm-4vcpu-16gb', count: 3 }],
      haControlPlane: false,
      addons: [],
      supportPlan: 'basic',
      billingCycle: 'monthly',
    },
    clusterId: null,
    targetClusterId: null,
    productInstanceId: null,
    timeline: [{ status: 'pending_payment', note: 'Order placed', at: '2026-03-01T10:00:00.000Z' }],
    payment: null,
    ...overrides,
  };
}
