import { useState } from 'react';
import {
  convertPrice,
  currencies,
  currencySymbols,
  formatPrice,
  type ExchangeRates,
} from '@/lib/currency';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const samples = [1, 9.99, 100, 216, 1234.56];

/** Sample USD amounts converted by the display rule (rate, rounded down, symbol), plus a free one. */
export function ConversionTable({ rates }: { rates: ExchangeRates }) {
  const [custom, setCustom] = useState('250');
  const amount = Number(custom);
  const rows = [
    ...samples,
    ...(custom.trim() && Number.isFinite(amount) && amount >= 0 ? [amount] : []),
  ];
  const columns: DataTableColumn<number>[] = [
    {
      id: 'usd',
      header: 'USD amount',
      rowHeader: true,
      cellClassName: 'font-mono font-normal tabular-nums',
      cell: (usd) => usd,
    },
    ...currencies.map((c): DataTableColumn<number> => ({
      id: c,
      header: c,
      align: 'right',
      cellClassName: 'tabular-nums',
      cellProps: (usd) => ({
        title: `${usd} × ${rates[c]} = ${(usd * rates[c]).toFixed(4)}, rounded down to ${convertPrice(usd, c, rates)}`,
      }),
      cell: (usd) => formatPrice(usd, c, rates),
    })),
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
      <DataTable
        className="bg-card"
        density="comfortable"
        caption="Sample conversions"
        tableProps={{ 'data-testid': 'conversions' }}
        columns={columns}
        rows={rows}
        rowKey={(usd, i) => `${usd}-${i}`}
      />
      <p className="text-sm text-muted-foreground">
        Rule: amount × rate, rounded down to a whole number, prefixed by{' '}
        {currencies.map((c) => currencySymbols[c]).join(' ')}.
      </p>
    </div>
  );
}
