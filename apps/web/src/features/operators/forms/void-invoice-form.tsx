import { voidInvoiceSchema, type VoidInvoice } from '@alpenkube/contract';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Textarea } from '@/components/ui/textarea';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { formatUsd } from '../labels';
import { useOperatorChange } from '../queries';

/**
 * Voiding an invoice: the reason, and for a paid one where its money goes back with the credit
 * note, as credit (the default) or to the card that paid its amount due, when one did.
 */
export function VoidInvoiceForm({
  invoice,
  submit,
  close,
}: {
  invoice: {
    number: string;
    status: 'open' | 'paid' | 'void';
    total: number;
    collected: number;
    cardRefundable: number;
  };
  submit: (body: VoidInvoice) => Promise<unknown>;
  close: () => void;
}) {
  const form = useZodForm(voidInvoiceSchema, {
    defaultValues: { reason: '', refundTo: 'credit' },
  });
  const change = useOperatorChange(submit, {
    success: () => `${invoice.number} is void`,
    failure: 'The invoice was not voided',
    onSuccess: close,
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit((body) => change.mutate(body));
  const paid = invoice.status === 'paid';
  const card = invoice.cardRefundable;
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Void invoice"
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
      >
        <FormRootError />
        <FormInputField
          control={form.control}
          name="reason"
          label="Reason"
          description="The admins read it in the notice and the mail, and on the credit note."
          render={(field) => <Textarea rows={3} maxLength={500} {...field} />}
        />
        {paid ? (
          <fieldset className="grid gap-2 text-sm">
            <legend className="mb-1 font-medium">
              It was paid: a credit note gives back the {formatUsd(invoice.collected)} it collected
            </legend>
            <label className="flex items-start gap-2">
              <input type="radio" value="credit" {...form.register('refundTo')} />
              <span>As credit on the organization&rsquo;s balance</span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                value="card"
                disabled={card === 0}
                {...form.register('refundTo')}
              />
              <span>
                {card > 0
                  ? `${formatUsd(card)} refunded to the card that paid it, the rest as credit`
                  : 'To the card: not possible, no card paid this invoice'}
              </span>
            </label>
          </fieldset>
        ) : null}
        <DialogFormFooter
          submitLabel="Void invoice"
          pendingText="Voiding…"
          pending={change.isPending}
          destructive
        />
      </form>
    </Form>
  );
}
