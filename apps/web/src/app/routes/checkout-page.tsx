import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { parseOrderId } from '@/lib/order-cache';

const Checkout = lazy(() => import('@/features/checkout').then((m) => ({ default: m.Checkout })));

/**
 * /checkout/:id: paying an add-on, product or support-plan order (a cluster order resumes in the
 * wizard). Paying goes on to the payment result, which links to what the order bought.
 */
export function CheckoutPage() {
  const id = parseOrderId(useParams().id);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <Link
        to={paths.orders}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All orders
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight">Pay your order</h1>
      {id === null ? (
        <p role="alert" className="text-sm text-destructive">
          This address does not name an order.
        </p>
      ) : (
        <Suspense fallback={<Spinner label="Loading the checkout…" className="min-h-40" />}>
          <Checkout orderId={id} onPaid={() => undefined} />
        </Suspense>
      )}
    </div>
  );
}
