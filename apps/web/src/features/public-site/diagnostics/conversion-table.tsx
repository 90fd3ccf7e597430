import { useState } from 'react';
import {
  convertPrice,
  currencies,
  currencySymbols,
  formatPrice,
  type ExchangeRates,
} from '@/lib/currency';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const samples = [1, 9.99, 100, 216, 1234.56];

/** Sample USD amounts converted by the spec's rule (rate, rounded down, symbol), plus a free one. */
export function ConversionTable({ rates }: { rates: ExchangeRates }) {
  const [custom, setCustom] = useState('250');
  const amount = Number(custom);
  const rows = [
    ...samples,
    ...(custom.trim() && Number.isFinite(amount) && amount >= 0 ? [amount] : []),
  ];
  return (
    <div className="space-y-4">
      <div className="grid max-w-xs gap-2">
        <Label htmlFor="custom-amount">Convert an amount in USD</Label>
        <Input
          id="custom-amount"
          inputMode="decimal"
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
        />
      </div>
      <div className="overflow-x-auto rounded-xl border border-border bg-card">
        <table className="w-full text-sm" data-testid="conversions">
          <caption className="sr-only">Sample conversions</caption>
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                USD amount
              </th>
              {currencies.map((c) => (
                <th key={c} scope="col" className="px-4 py-3 text-right font-semibold">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((usd, i) => (
              <tr key={`${usd}-${i}`} className="border-t border-border">
                <th scope="row" className="px-4 py-3 text-left font-mono font-normal tabular-nums">
                  {usd}
                </th>
                {currencies.map((c) => (
                  <td
                    key={c}
                    className="px-4 py-3 text-right tabular-nums"
                    title={`${usd} × ${rates[c]} = ${(usd * rates[c]).toFixed(4)}, rounded down to ${convertPrice(usd, c, rates)}`}
                  >
                    {formatPrice(usd, c, rates)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted-foreground">
        Rule (spec section 9): amount × rate, rounded down to a whole number, prefixed by{' '}
        {currencies.map((c) => currencySymbols[c]).join(' ')}.
      </p>
    </div>
  );
}
