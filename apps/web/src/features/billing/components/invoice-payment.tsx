import type { Invoice } from '@alpenkube/contract/billing';
import { useMoney } from '@/components/pricing/use-money';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { useToast } from '@/components/ui/use-toast';
import { useCan } from '@/lib/session/use-can';
import { formatDate } from '../billing-format';
import { usePayInvoice } from '../queries';

/**
 * How the invoice stands: paid (when, from credit and card), void (why), or open with the last
 * charge's error and a "Pay" that charges it again (credit first, then the default card).
 */
export function InvoicePayment({ invoice }: { invoice: Invoice }) {
  const { money } = useMoney();
  const { toast } = useToast();
  const canPay = useCan('orderer', 'billing:write');
  const pay = usePayInvoice(invoice.id);

  if (invoice.status === 'void') {
    return (
      <FormAlert
        variant="info"
        title={`Void since ${formatDate(invoice.voidedAt ?? invoice.issuedAt)}`}
      >
        {invoice.voidReason ?? 'Cancelled by our billing team.'}
      </FormAlert>
    );
  }
  if (invoice.status === 'paid') {
    const parts = [
      invoice.creditApplied > 0 ? `${money(invoice.creditApplied)} from credit` : null,
      invoice.cardCharged > 0 ? `${money(invoice.cardCharged)} by card` : null,
    ].filter(Boolean);
    return (
      <p className="text-sm text-muted-foreground" data-testid="invoice-paid">
        Paid{invoice.paidAt ? ` on ${formatDate(invoice.paidAt)}` : ''}
        {parts.length ? `: ${parts.join(' and ')}` : ''}.
      </p>
    );
  }
  const onPay = () =>
    pay.mutate(undefined, {
      onSuccess: (paid) =>
        toast({
          title: paid.status === 'paid' ? `${paid.number} paid` : 'The invoice is still open',
          description: paid.paymentError ?? undefined,
          variant: paid.status === 'paid' ? 'success' : 'warning',
        }),
      onError: (error) =>
        toast({
          title: 'The invoice was not paid',
          description: error.message,
          variant: 'destructive',
        }),
    });
  return (
    <div className="space-y-3">
      {invoice.paymentError ? (
        <FormAlert title="The last charge failed">{invoice.paymentError}</FormAlert>
      ) : null}
      {canPay ? (
        <SubmitButton type="button" pending={pay.isPending} pendingText="Paying…" onClick={onPay}>
          Pay {money(invoice.amountDue)}
        </SubmitButton>
      ) : null}
    </div>
  );
}
