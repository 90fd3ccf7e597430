import { useSearchParams } from 'react-router';
import { Checkout } from '@/features/checkout';
import { ClusterWizard } from '@/features/cluster-wizard';

/** A positive whole number, or null: `?order=` names the order to pay. */
function orderIdOf(text: string | null): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  return Number(text);
}

/**
 * /configure-cluster and /clusters/configure: the wizard (its feature), whose last step is the
 * checkout (another feature), composed here. `?order=<id>` opens that order's payment.
 */
export function ConfigureClusterPage() {
  const [search] = useSearchParams();
  return (
    <ClusterWizard
      orderId={orderIdOf(search.get('order'))}
      renderCheckout={({ orderId, onPaid }) => <Checkout orderId={orderId} onPaid={onPaid} />}
    />
  );
}
