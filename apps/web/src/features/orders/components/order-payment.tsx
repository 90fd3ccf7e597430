import type { Order } from '@alpenkube/contract';
import { useMoney } from '@/components/pricing/use-money';
import { paymentStatusLabels } from '../order-status';

type Payment = NonNullable<Order['payment']>;

/** The latest payment attempt: how it was paid, how it went, and why it failed if it did. */
export function OrderPayment({ payment }: { payment: Payment | null }) {
  const { money } = useMoney();
  if (!payment) {
    return <p className="text-sm text-muted-foreground">No payment has been attempted yet.</p>;
  }
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid gap-2">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Status</dt>
          <dd className="font-medium" data-testid="payment-status">
            {paymentStatusLabels[payment.status]}
          </dd>
        </div>
        {payment.card ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Card</dt>
            <dd>
              {payment.card.brand} ending {payment.card.last4}
              {payment.cardAmount > 0 ? `: ${money(payment.cardAmount)}` : null}
            </dd>
          </div>
        ) : null}
        {payment.creditAmount > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Credit balance</dt>
            <dd className="tabular-nums">{money(payment.creditAmount)}</dd>
          </div>
        ) : null}
      </dl>
      {payment.failureMessage ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-destructive">
          {payment.failureMessage}
        </p>
      ) : null}
      {payment.status === 'requires_action' && payment.challengeUrl ? (
        <p className="text-muted-foreground">
          Your card issuer asks you to confirm this payment.{' '}
          <a href={payment.challengeUrl} className="font-medium text-primary hover:underline">
            Confirm the payment
          </a>
        </p>
      ) : null}
    </div>
  );
}
