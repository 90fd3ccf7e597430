import type { BillingCycle, PriceLine, Quote } from '@alpenkube/contract/pricing';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { useCurrency } from '@/lib/currency';
import { useMoney } from './use-money';

const per = { monthly: 'month', yearly: 'year' } as const;

/**
 * A quote, itemised: every line as quantity × unit price and its amount for the chosen billing
 * cycle, then both totals, the yearly discount and what a year paid up front saves. Figures are
 * in the display currency; the note under the table says they are converted from US dollars.
 * Presentational: the caller prices the configuration (the engine in the browser, or the API).
 */
export function PriceBreakdown({
  quote,
  billingCycle,
}: {
  quote: Quote;
  billingCycle: BillingCycle;
}) {
  const { money, currency } = useMoney();
  const { ratesDate } = useCurrency();
  const yearly = billingCycle === 'yearly';
  const saving = Math.max(0, 12 * quote.monthly - quote.yearly);
  const unitPrice = (line: PriceLine) =>
    `${line.quantity} × ${money(yearly ? line.unitYearly : line.unitMonthly)}`;

  return (
    // A container query, not the viewport: the wizard shows this in a narrow side panel.
    <div className="@container space-y-3" data-testid="price-breakdown">
      <div className="overflow-x-auto rounded-xl border border-border">
        <table className="w-full text-sm">
          <caption className="sr-only">
            Price breakdown, billed {yearly ? 'yearly' : 'monthly'}, in {currency}
          </caption>
          <thead className="bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Item
              </th>
              <th
                scope="col"
                className="hidden px-3 py-2 text-right font-medium whitespace-nowrap @[30rem]:table-cell"
              >
                Qty × unit
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                Per {per[billingCycle]}
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <tr
                key={`${line.kind}:${line.ref}`}
                className="border-t border-border"
                data-testid="price-line"
              >
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {line.description}
                  <span className="block text-xs text-muted-foreground tabular-nums @[30rem]:hidden">
                    {unitPrice(line)}
                  </span>
                </th>
                <td className="hidden px-3 py-2 text-right whitespace-nowrap text-muted-foreground tabular-nums @[30rem]:table-cell">
                  {unitPrice(line)}
                </td>
                <td className="px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums">
                  {money(yearly ? line.yearly : line.monthly)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-border">
            <TotalRow
              label="Monthly total"
              hint={yearly ? 'if paid monthly' : 'billed monthly'}
              amount={money(quote.monthly)}
              chosen={!yearly}
              testId="price-total-monthly"
            />
            <TotalRow
              label="Yearly total"
              hint={yearly ? 'billed yearly, up front' : 'if paid yearly, up front'}
              amount={money(quote.yearly)}
              chosen={yearly}
              testId="price-total-yearly"
            />
            <tr className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                Yearly discount
              </th>
              <Spacer />
              <td className="px-3 py-2 text-right" data-testid="yearly-discount">
                <Badge variant={quote.yearlyDiscountPercent > 0 ? 'success' : 'secondary'}>
                  {quote.yearlyDiscountPercent}%
                </Badge>
              </td>
            </tr>
            <tr className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {yearly ? 'You save a year' : 'Paying yearly would save'}
                <span className="block text-xs text-muted-foreground">
                  against 12 monthly payments
                </span>
              </th>
              <Spacer />
              <td
                className="px-3 py-2 text-right font-medium whitespace-nowrap text-success tabular-nums"
                data-testid="yearly-saving"
              >
                {money(saving)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {quote.hourly ? (
        <p
          className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm"
          data-testid="hourly-terms"
        >
          Nothing is paid up front for the cluster: it is free for the organization&apos;s first{' '}
          {quote.hourly.trialDays} days, then billed per hour of use, $
          {(quote.hourly.hourMillicents / 100_000).toFixed(4)} an hour (the lines above are what a
          whole month would cost).
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground" data-testid="price-currency-note">
        {currency === 'USD'
          ? 'Prices in US dollars.'
          : `Prices are set in US dollars and shown in ${currency} for display, converted at ${
              ratesDate ? `the rate of ${ratesDate}` : 'the current rate'
            } and rounded down.`}
      </p>
    </div>
  );
}

function TotalRow({
  label,
  hint,
  amount,
  chosen,
  testId,
}: {
  label: string;
  hint: string;
  amount: string;
  chosen: boolean;
  testId: string;
}) {
  return (
    <tr className={cn('border-t border-border', chosen && 'bg-primary/5')}>
      <th scope="row" className="px-3 py-2 text-left">
        <span className={chosen ? 'font-semibold' : 'font-normal'}>{label}</span>
        <span className="block text-xs font-normal text-muted-foreground">{hint}</span>
      </th>
      <Spacer />
      <td
        className={cn(
          'px-3 py-2 text-right whitespace-nowrap tabular-nums',
          chosen ? 'text-base font-bold' : 'font-medium',
        )}
        data-testid={testId}
      >
        {amount}
      </td>
    </tr>
  );
}

/** The quantity column's empty cell in a total row, so both columns line up at every width. */
function Spacer() {
  return <td aria-hidden="true" className="hidden @[30rem]:table-cell" />;
}
