import { useQuery } from '@tanstack/react-query';
import { useCurrency } from '@/lib/currency';
import { publicQueries } from '@/lib/public-queries';
import { QueryError } from '../components/query-state';

/** Add-on prices in the display currency and billing cycle, from GET /api/addons. */
export function AddonPrices() {
  const addons = useQuery(publicQueries.addons());
  const { billingCycle, formatPriceFromCents } = useCurrency();
  const yearly = billingCycle === 'yearly';

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
        <div className="mt-6 overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Add-on
                </th>
                <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                  What it does
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Price
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {addons.isPending ? (
                <tr>
                  <td colSpan={3} className="px-4 py-6 text-muted-foreground">
                    Loading the add-ons…
                  </td>
                </tr>
              ) : (
                addons.data.map((addon) => {
                  const cents = yearly ? addon.priceYearly : addon.priceMonthly;
                  return (
                    <tr key={addon.slug} data-testid="addon-row">
                      <th scope="row" className="px-4 py-3 align-top font-medium">
                        {addon.name}
                        <span className="block text-xs font-normal text-muted-foreground">
                          {addon.category}
                        </span>
                        {/* On a phone the description sits under the name and the price stays in view. */}
                        <span className="mt-1 block text-xs font-normal text-muted-foreground sm:hidden">
                          {addon.description}
                        </span>
                      </th>
                      <td className="hidden px-4 py-3 align-top text-muted-foreground sm:table-cell">
                        {addon.description}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-right align-top tabular-nums">
                        {cents === 0 ? (
                          <span className="font-medium text-success">Included</span>
                        ) : (
                          <>
                            <span data-testid="addon-price" className="font-semibold">
                              {formatPriceFromCents(cents)}
                            </span>
                            <span className="text-muted-foreground">
                              {' '}
                              / {addon.unit} / {yearly ? 'year' : 'month'}
                            </span>
                          </>
                        )}
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
