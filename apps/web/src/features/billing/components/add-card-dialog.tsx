import { Plus } from 'lucide-react';
import type { PaymentGatewayInfo } from '@alpenkube/contract/payments';
import { FormDialog } from '@/components/ui/form-dialog';
import { AddCardForm, loadForms } from './lazy-forms';

/** "Add a card": the card form in a dialog, through the payment gateway. */
export function AddCardDialog({ gateway }: { gateway: PaymentGatewayInfo | undefined }) {
  return (
    <FormDialog
      preload={loadForms}
      trigger={
        <>
          <Plus aria-hidden="true" />
          Add a card
        </>
      }
      triggerProps={{ variant: 'default' }}
      title="Add a card"
      description="The card goes to the payment gateway; we keep only its token, brand and last digits."
      wide
    >
      {(close) => <AddCardForm gateway={gateway} close={close} />}
    </FormDialog>
  );
}
