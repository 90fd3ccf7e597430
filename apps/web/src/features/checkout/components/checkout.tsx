import { useQuery } from '@tanstack/react-query';
import { QueryError } from '@/components/page/query-state';
import { FormAlert } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { checkoutQueries } from '../queries';
import { OrderSettled } from './order-settled';
import { OrderSummary } from './order-summary';
import { PaymentForm } from './payment-form';

/**
 * Paying an order: its lines and totals as the server priced them, the credit balance taken
 * first, then a saved card or a new one through the payment gateway.
 */
export function Checkout({ orderId, onPaid }: { orderId: number; onPaid: () => void }) {
  const order = useQuery(checkoutQueries.order(orderId));
  const gateway = useQuery(checkoutQueries.gateway());
  const methods = useQuery(checkoutQueries.paymentMethods());
  const credits = useQuery(checkoutQueries.credits());

  const failed = [order, methods, credits].find((query) => query.error);
  if (failed) {
    return (
      <QueryError
        title="The order could not be loaded"
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (!order.data || !methods.data || !credits.data) {
    return <Spinner label="Loading the order…" className="min-h-40" />;
  }
  if (order.data.status !== 'pending_payment') return <OrderSettled order={order.data} />;

  // Taken at payment: until then, what the balance would cover.
  const creditApplied =
    order.data.creditApplied > 0
      ? order.data.creditApplied
      : Math.min(Math.max(credits.data.balance, 0), order.data.total);
  const amountDue = order.data.total - creditApplied;
  const challenge = order.data.payment?.status === 'requires_action' ? order.data.payment : null;
  const lastFailure =
    order.data.payment?.status === 'failed' ? order.data.payment.failureMessage : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="min-w-0 space-y-6">
        {challenge?.challengeUrl ? (
          <FormAlert variant="info" title="Your bank asked to confirm this payment">
            <span className="block">The payment waits for the card’s authentication.</span>
            <Button
              type="button"
              size="sm"
              className="mt-2"
              onClick={() => window.location.assign(challenge.challengeUrl!)}
            >
              Continue authentication
            </Button>
          </FormAlert>
        ) : null}
        {lastFailure ? (
          <FormAlert title="The last payment attempt failed">{lastFailure}</FormAlert>
        ) : null}
        {gateway.error ? (
          <FormAlert>
            The payment gateway could not be reached: {gateway.error.message}. Saved cards still
            work.
          </FormAlert>
        ) : null}
        <PaymentForm
          order={order.data}
          gateway={gateway.data}
          methods={methods.data}
          amountDue={amountDue}
          onPaid={onPaid}
        />
      </div>
      <OrderSummary order={order.data} creditApplied={creditApplied} amountDue={amountDue} />
    </div>
  );
}
