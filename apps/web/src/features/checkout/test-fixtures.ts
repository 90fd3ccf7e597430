import type { Order } from '@alpenkube/contract/orders';
import type { PaymentGatewayInfo, PaymentMethod } from '@alpenkube/contract/payments';

export const testOrder: Order = {
  id: 5,
  number: 'ORD-000005',
  kind: 'cluster',
  status: 'pending_payment',
  description: 'Cluster prod-eu: Standard, 3 nodes',
  billingCycle: 'monthly',
  currency: 'USD',
  total: 20520,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  lines: [
    {
      kind: 'control_plane',
      description: 'Control plane, Standard (Blue)',
      quantity: 1,
      unitAmount: 7200,
      amount: 7200,
    },
    {
      kind: 'nodes',
      description: 'Node pool workers: s-2vcpu-4gb',
      quantity: 3,
      unitAmount: 4800,
      amount: 14400,
    },
  ],
  subtotal: 21600,
  discount: 1080,
  promoCode: 'WELCOME5',
  creditApplied: 0,
  amountDue: 20520,
  paidAt: null,
  cluster: null,
  clusterId: null,
  timeline: [{ status: 'pending_payment', note: 'Order placed', at: '2026-03-01T10:00:00.000Z' }],
  payment: null,
};

export const testGateway: PaymentGatewayInfo = {
  gateway: 'test',
  testMode: true,
  tokenizeUrl: '/test-gateway/v1/tokens',
  testCards: [
    { number: '4242424242424242', brand: 'Visa', behaviour: 'Succeeds' },
    { number: '4000000000000002', brand: 'Visa', behaviour: 'Declined: "Your card was declined."' },
  ],
};

export const savedCard: PaymentMethod = {
  id: 11,
  brand: 'Visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  isDefault: true,
  gateway: 'test',
  createdAt: '2026-03-01T10:00:00.000Z',
};
