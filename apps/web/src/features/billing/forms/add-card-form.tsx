import { useState } from 'react';
import type { PaymentGatewayInfo } from '@alpenkube/contract/payments';
import { CardFields } from '@/components/payments/card-fields';
import { cardFormSchema, emptyCard, formFieldOf } from '@/components/payments/card-form-schema';
import { TestGatewayNotice, groupDigits } from '@/components/payments/test-gateway-notice';
import { Checkbox } from '@/components/ui/checkbox';
import { FormAlert } from '@/components/ui/form';
import { Form, FormRootError } from '@/components/ui/hook-form';
import { setServerErrors, useZodForm, withIssuePaths } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useSaveCard } from '@/lib/payments/queries';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';

/**
 * A new card: checked here first (the Luhn digit, a month not yet over), tokenized by the
 * gateway, then saved. The gateway's refusals land on the field they name.
 */
export function AddCardForm({
  gateway,
  close,
}: {
  gateway: PaymentGatewayInfo | undefined;
  close: () => void;
}) {
  const form = useZodForm(cardFormSchema(), { defaultValues: emptyCard });
  const card = useSaveCard(gateway);
  const [makeDefault, setMakeDefault] = useState(false);
  const { toast } = useToast();

  const onSubmit = form.handleSubmit(async (details) => {
    try {
      const method = await card.saveCard(details, { makeDefault });
      close();
      toast({ title: `${method.brand} ending ${method.last4} saved`, variant: 'success' });
    } catch (error) {
      setServerErrors(
        form,
        withIssuePaths(error, (path) => [formFieldOf(path[0])]),
      );
    }
  });

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="New card"
        className="grid gap-4"
      >
        {gateway?.testMode ? (
          <TestGatewayNotice
            gateway={gateway}
            onUse={(number) => form.setValue('number', groupDigits(number))}
          />
        ) : null}
        {gateway ? null : (
          <FormAlert>The payment gateway could not be reached. Try again in a moment.</FormAlert>
        )}
        <FormRootError />
        <CardFields control={form.control} />
        <label className="flex items-center gap-2 text-sm">
          <Checkbox
            checked={makeDefault}
            onChange={(event) => setMakeDefault(event.target.checked)}
          />
          Make it the default card
        </label>
        <DialogFormFooter submitLabel="Save card" pendingText="Saving…" pending={card.pending} />
      </form>
    </Form>
  );
}
