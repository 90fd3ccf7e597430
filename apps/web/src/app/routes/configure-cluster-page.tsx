import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ClusterWizard } from '@/features/cluster-wizard';
import { parseOrderId } from '@/lib/order-cache';

// Only the last step (or `?order=`) pays: the checkout is not part of the wizard's first load.
const Checkout = lazy(() => import('@/features/checkout').then((m) => ({ default: m.Checkout })));

/**
 * /configure-cluster and /clusters/configure: the wizard (its feature), whose last step is the
 * checkout (another feature), composed here. `?order=<id>` opens that order's payment.
 */
export function ConfigureClusterPage() {
  const [search] = useSearchParams();
  return (
    <ClusterWizard
      orderId={parseOrderId(search.get('order'))}
      renderCheckout={({ orderId, onPaid }) => (
        <Suspense fallback={<Spinner label="Loading the checkout…" className="min-h-40" />}>
          <Checkout orderId={orderId} onPaid={onPaid} />
        </Suspense>
      )}
    />
  );
}
