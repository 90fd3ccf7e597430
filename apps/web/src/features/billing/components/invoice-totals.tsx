import type { Invoice } from '@alpenkube/contract/billing';
import { useMoney } from '@/components/pricing/use-money';
import { cn } from '@/lib/cn';
import { percentOfBasisPoints } from '../billing-format';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4', strong && 'border-t pt-2 font-semibold')}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Subtotal, VAT (or the reverse charge and its note), total, prepaid and what was left due. */
export function InvoiceTotals({ invoice }: { invoice: Invoice }) {
  const { money } = useMoney();
  const vatLabel =
    invoice.vatTreatment === 'reverse_charge'
      ? 'VAT (reverse charge)'
      : `VAT ${percentOfBasisPoints(invoice.vatRateBasisPoints)}`;
  return (
    <div className="space-y-2 sm:ml-auto sm:max-w-sm">
      <dl className="space-y-2 text-sm" aria-label="Invoice totals">
        <Row label="Subtotal" value={money(invoice.subtotal)} />
        <Row label={vatLabel} value={money(invoice.tax)} />
        <Row label="Total" value={money(invoice.total)} strong />
        <Row label="Paid during the month" value={`−${money(invoice.prepaid)}`} />
        <Row label="Amount due" value={money(invoice.amountDue)} strong />
      </dl>
      {invoice.taxNote ? (
        <p className="text-xs text-muted-foreground" data-testid="tax-note">
          {invoice.taxNote}
        </p>
      ) : null}
    </div>
  );
}
