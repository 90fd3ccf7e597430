import { useSearchParams } from 'react-router';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { OrderNotFound } from '../components/order-not-found';
import { PaymentPaid } from '../components/payment-paid';
import { PaymentUnfinished } from '../components/payment-unfinished';
import { parseOrderId } from '@/lib/order-cache';
import { usePaymentOutcome } from '../use-payment-outcome';

/**
 * /payment-success?order=<id>: where checkout and the gateway's challenge page send the browser.
 * An order still waiting on the challenge is finished here (see `settlePayment`).
 */
export function PaymentSuccessPage() {
  const [search] = useSearchParams();
  const id = parseOrderId(search.get('order'));
  const outcome = usePaymentOutcome(id);

  if (id === null) {
    return (
      <OrderNotFound title="No order to show">
        This page confirms an order after payment, and the link did not name one. Your orders are in
        the list.
      </OrderNotFound>
    );
  }
  if (outcome.error || outcome.data?.kind === 'error') {
    const error =
      outcome.error ?? new Error(outcome.data?.kind === 'error' ? outcome.data.message : '');
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">Payment</h1>
        <QueryError
          title="The payment could not be confirmed"
          error={error}
          onRetry={() => void outcome.refetch()}
        />
      </div>
    );
  }
  if (!outcome.data) return <Spinner label="Confirming your payment…" className="min-h-[40dvh]" />;

  switch (outcome.data.kind) {
    case 'not-found':
      return <OrderNotFound />;
    case 'paid':
      return <PaymentPaid order={outcome.data.order} />;
    default:
      return <PaymentUnfinished outcome={outcome.data} />;
  }
}
