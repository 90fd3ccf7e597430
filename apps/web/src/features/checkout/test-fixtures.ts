import type { Order } from '@alpenkube/contract/orders';
import type { PaymentGatewayInfo, PaymentMethod } from '@alpenkube/contract/payments';
import { order } from '@/test/test-orders';

/** A Standard cluster's order with the promo code off, as the checkout shows it: $205.20 due. */
export const testOrder: Order = order({
  id: 5,
  description: 'Cluster prod-eu: Standard, 3 nodes',
  total: 20520,
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
  amountDue: 20520,
  cluster: null,
});

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
