import { useQuery } from '@tanstack/react-query';
import type { Addon } from '@alpenkube/contract';
import { useCurrency } from '@/lib/currency';
import { publicQueries } from '@/lib/public-queries';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { QueryError } from '@/components/page/query-state';

/** Add-on prices in the display currency and billing cycle, from GET /api/addons. */
export function AddonPrices() {
  const addons = useQuery(publicQueries.addons());
  const { billingCycle, formatPriceFromCents } = useCurrency();
  const yearly = billingCycle === 'yearly';
  const columns: DataTableColumn<Addon>[] = [
    {
      id: 'addon',
      header: 'Add-on',
      rowHeader: true,
      cellClassName: 'align-top',
      cell: (addon) => (
        <>
          {addon.name}
          <span className="block text-xs font-normal text-muted-foreground">{addon.category}</span>
          {/* On a phone the description sits under the name and the price stays in view. */}
          <span className="mt-1 block text-xs font-normal text-muted-foreground sm:hidden">
            {addon.description}
          </span>
        </>
      ),
    },
    {
      id: 'description',
      header: 'What it does',
      className: 'hidden sm:table-cell',
      cellClassName: 'align-top text-muted-foreground',
      cell: (addon) => addon.description,
    },
    {
      id: 'price',
      header: 'Price',
      align: 'right',
      cellClassName: 'whitespace-nowrap align-top tabular-nums',
      cell: (addon) => {
        const cents = yearly ? addon.priceYearly : addon.priceMonthly;
        return cents === 0 ? (
          <span className="font-medium text-success">Included</span>
        ) : (
          <>
            <span data-testid="addon-price" className="font-semibold tabular-nums">
              {formatPriceFromCents(cents)}
            </span>
            <span className="text-muted-foreground">
              {' '}
              / {addon.unit} / {yearly ? 'year' : 'month'}
            </span>
          </>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="addon-prices-title">
      <h2 id="addon-prices-title" className="text-2xl font-semibold tracking-tight">
        Add-on prices
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-muted-foreground">
        Install add-ons on any cluster from its page, and remove them at any time. Prices are per
        cluster or per node, {yearly ? 'per year, paid up front' : 'per month'}.
      </p>
      {addons.isError ? (
        <div className="mt-6">
          <QueryError
            title="The add-ons could not be loaded"
            error={addons.error}
            onRetry={() => void addons.refetch()}
          />
        </div>
      ) : (
        <DataTable
          className="mt-6"
          header="subtle"
          density="comfortable"
          caption="Add-on prices"
          columns={columns}
          rows={addons.data ?? []}
          rowKey={(addon) => addon.slug}
          rowProps={() => ({ 'data-testid': 'addon-row' })}
          placeholder={addons.isPending ? 'Loading the add-ons…' : undefined}
        />
      )}
    </section>
  );
}
