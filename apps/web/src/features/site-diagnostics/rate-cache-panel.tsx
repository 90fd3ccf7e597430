import {
  FALLBACK_RATES,
  RATES_CACHE_TTL_MS,
  exchangeRateUrl,
  readCachedRates,
  type RatesResult,
} from '@/lib/currency';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';

function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'} ${minutes % 60} min`;
}

const sourceLabels: Record<RatesResult['source'], string> = {
  cache: 'Browser cache (fresh, under an hour old)',
  live: 'Live, fetched just now',
  'stale-cache': 'Stale cache (the live service failed)',
  fallback: 'Fixed fallback rates (no cache, live service failed)',
};

const rateCodes = ['USD', 'EUR', 'GBP'] as const;
type RateCode = (typeof rateCodes)[number];

const rateColumns = (result: RatesResult): DataTableColumn<RateCode>[] => [
  { id: 'currency', header: 'Currency', rowHeader: true, cell: (code) => code },
  {
    id: 'rate',
    header: 'Rate in use',
    align: 'right',
    cellClassName: 'font-mono tabular-nums',
    cell: (code) => result.rates[code],
  },
  {
    id: 'fallback',
    header: 'Fallback',
    align: 'right',
    cellClassName: 'font-mono text-muted-foreground tabular-nums',
    cell: (code) => FALLBACK_RATES[code],
  },
];

/** What the rate cache holds right now: source, provider date, age and the rates themselves. */
export function RateCachePanel({ result, now }: { result: RatesResult; now: number }) {
  const cached = readCachedRates();
  const age = cached ? now - cached.timestamp : null;
  const rows: [string, string][] = [
    ['Source in use', sourceLabels[result.source]],
    ['Provider date', result.date || 'none (fallback rates)'],
    ['Cached at', cached ? new Date(cached.timestamp).toLocaleString() : 'nothing cached'],
    [
      'Cache age',
      age === null ? '—' : `${formatAge(age)}${age >= RATES_CACHE_TTL_MS ? ' (expired)' : ''}`,
    ],
    ['Cache lifetime', `${RATES_CACHE_TTL_MS / 60_000} minutes`],
    ['Rate service', exchangeRateUrl()],
  ];
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <dl className="divide-y divide-border rounded-xl border border-border bg-card text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 px-4 py-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd
              className="font-medium break-all"
              data-testid={label === 'Source in use' ? 'rates-source' : undefined}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <DataTable
        className="bg-card"
        density="comfortable"
        caption="Rates relative to the US dollar"
        columns={rateColumns(result)}
        rows={rateCodes}
        rowKey={(code) => code}
      />
    </div>
  );
}
