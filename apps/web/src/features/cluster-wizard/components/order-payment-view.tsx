import { useCallback } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { clearDraft, readDraft } from '../wizard-draft';
import { WizardHeading, type RenderCheckout } from './wizard-heading';

/**
 * An order placed earlier, opened at its payment (`?order=<id>`, the order pages' "Complete
 * payment"): the order's own lines are shown by the checkout, not the tab's draft.
 */
export function OrderPaymentView({
  orderId,
  renderCheckout,
}: {
  orderId: number;
  renderCheckout: RenderCheckout;
}) {
  const onPaid = useCallback(() => {
    // The tab's draft placed this very order: it is done.
    if (readDraft()?.placed?.orderId === orderId) clearDraft();
  }, [orderId]);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <WizardHeading
          title="Complete payment"
          lead="Pay the first period of an order you placed earlier."
        />
        <Button asChild variant="outline">
          <Link to={paths.configureCluster}>Configure a new cluster</Link>
        </Button>
      </div>
      {renderCheckout({ orderId, onPaid })}
    </div>
  );
}
