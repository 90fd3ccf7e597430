import { AlertTriangle } from 'lucide-react';
import type { BillingSummary, OverdueRenewal } from '@alpenkube/contract/billing';
import { useMoney } from '@/components/pricing/use-money';
import { SubmitButton } from '@/components/ui/form';
import { useToast } from '@/components/ui/use-toast';
import { useCan } from '@/lib/session/use-can';
import { formatDate } from '../billing-format';
import { usePayRenewal } from '../queries';

function RenewalRow({ renewal, canPay }: { renewal: OverdueRenewal; canPay: boolean }) {
  const { money } = useMoney();
  const { toast } = useToast();
  const pay = usePayRenewal();
  const onPay = () =>
    pay.mutate(renewal.id, {
      onSuccess: () =>
        toast({ title: 'Renewal paid', description: renewal.description, variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'The renewal was not paid',
          description: error.message,
          variant: 'destructive',
        }),
    });
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="overdue-renewal"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-foreground">
          {renewal.description}: <span className="tabular-nums">{money(renewal.amount)}</span>
        </p>
        <p className="text-muted-foreground">
          Due {formatDate(renewal.dueAt)}
          {renewal.nextAttemptAt
            ? `; tried again automatically on ${formatDate(renewal.nextAttemptAt)}`
            : '; no more automatic attempts'}
          .
        </p>
        {renewal.lastError ? <p className="text-destructive">{renewal.lastError}</p> : null}
      </div>
      {canPay ? (
        <SubmitButton
          type="button"
          size="sm"
          pending={pay.isPending}
          pendingText="Paying…"
          onClick={onPay}
          aria-label={`Pay now: ${renewal.description}`}
        >
          Pay now
        </SubmitButton>
      ) : null}
    </li>
  );
}

/**
 * What needs paying before anything else: ordering suspended after a renewal's last failed
 * attempt, and every overdue renewal with its own "Pay now" (credit first, then the default card).
 */
export function BillingAlerts({ summary }: { summary: BillingSummary }) {
  const canPay = useCan('orderer', 'billing:write');
  const { orderingSuspended: suspended, overdueRenewals } = summary;
  if (!suspended && overdueRenewals.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 sm:p-5"
      data-testid="billing-alert"
    >
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {suspended ? 'Ordering is suspended' : 'A renewal is overdue'}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {suspended ? (
          <>
            {suspended.reason} New orders are refused since {formatDate(suspended.since)}; your
            running clusters keep running. Paying what is overdue lifts the suspension.
          </>
        ) : (
          'Your clusters keep running while the renewal is retried. Pay it now, or add a card that works.'
        )}
      </p>
      {overdueRenewals.length > 0 ? (
        <ul className="mt-2 divide-y divide-destructive/20" aria-label="Overdue renewals">
          {overdueRenewals.map((renewal) => (
            <RenewalRow key={renewal.id} renewal={renewal} canPay={canPay} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
