import { useQuery } from '@tanstack/react-query';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { publicQueries } from '@/lib/public-queries';
import { OrderPaymentView } from './order-payment-view';
import { WizardHeading, type RenderCheckout } from './wizard-heading';
import { WizardForm } from './wizard-form';

/**
 * /configure-cluster: the cluster wizard, from tier to payment, or with `orderId` (the
 * `?order=` of "Complete payment") the payment of an order already placed.
 */
export function ClusterWizard({
  orderId,
  renderCheckout,
}: {
  orderId?: number | null;
  renderCheckout: RenderCheckout;
}) {
  const catalog = useQuery(publicQueries.catalog());

  if (orderId) return <OrderPaymentView orderId={orderId} renderCheckout={renderCheckout} />;
  if (catalog.error) {
    return (
      <div className="mx-auto max-w-3xl space-y-6">
        <WizardHeading title="Configure a new cluster" lead="The catalog could not be loaded." />
        <QueryError
          title="The catalog could not be loaded"
          error={catalog.error}
          onRetry={() => void catalog.refetch()}
        />
      </div>
    );
  }
  if (!catalog.data) return <Spinner label="Loading the catalog…" className="min-h-[40dvh]" />;
  return <WizardForm catalog={catalog.data} renderCheckout={renderCheckout} />;
}
