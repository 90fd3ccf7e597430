import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Ban, CreditCard, ShieldAlert, XCircle } from 'lucide-react';
import type { Order } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { orderStatusDisplay } from '../order-status';
import type { PaymentOutcome } from '../payment-outcome';
import { completePaymentHref } from './order-actions';
import { PaymentResultPanel } from './payment-result-panel';

type Unfinished = Extract<PaymentOutcome, { kind: 'declined' | 'action' | 'unpaid' | 'closed' }>;

function StatusLink({ order }: { order: Order }) {
  return (
    <Button asChild variant="outline">
      <Link to={paths.orderStatus(order.id)}>View order {order.number}</Link>
    </Button>
  );
}

/** Every outcome but a paid order: declined, waiting on the challenge, unpaid, or closed. */
export function PaymentUnfinished({ outcome }: { outcome: Unfinished }) {
  const { order } = outcome;
  const actions = (primary?: ReactNode) => (
    <div className="flex flex-col justify-center gap-2 sm:flex-row">
      {primary}
      <StatusLink order={order} />
    </div>
  );
  switch (outcome.kind) {
    case 'declined':
      return (
        <PaymentResultPanel
          tone="destructive"
          icon={<XCircle className="size-7" />}
          title="Payment declined"
        >
          <p
            role="alert"
            className="rounded-md bg-destructive/10 px-4 py-3 text-center text-destructive"
          >
            {outcome.message}
          </p>
          <p className="text-center text-sm text-muted-foreground">
            Order {order.number} is still waiting for payment. Nothing was charged.
          </p>
          {actions(
            <Button asChild>
              <Link to={completePaymentHref(order)}>
                <CreditCard aria-hidden="true" />
                Try another card
              </Link>
            </Button>,
          )}
        </PaymentResultPanel>
      );
    case 'action':
      return (
        <PaymentResultPanel
          tone="warning"
          icon={<ShieldAlert className="size-7" />}
          title="Confirm your payment"
          lead={`Your card issuer asks you to confirm the payment of order ${order.number} before it is charged.`}
        >
          {actions(
            outcome.challengeUrl ? (
              <Button asChild>
                <a href={outcome.challengeUrl}>Confirm the payment</a>
              </Button>
            ) : undefined,
          )}
        </PaymentResultPanel>
      );
    case 'unpaid':
      return (
        <PaymentResultPanel
          tone="warning"
          icon={<CreditCard className="size-7" />}
          title="Payment not completed"
          lead={`Order ${order.number} is waiting for payment.`}
        >
          {actions(
            <Button asChild>
              <Link to={completePaymentHref(order)}>Complete payment</Link>
            </Button>,
          )}
        </PaymentResultPanel>
      );
    case 'closed':
      return (
        <PaymentResultPanel
          tone="muted"
          icon={<Ban className="size-7" />}
          title={`Order ${orderStatusDisplay[order.status].label.toLowerCase()}`}
          lead={orderStatusDisplay[order.status].explanation}
        >
          {actions()}
        </PaymentResultPanel>
      );
  }
}
