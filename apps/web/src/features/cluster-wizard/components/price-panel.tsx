import type { Catalog } from '@alpenkube/contract/catalog';
import { PROMO_CODE } from '@alpenkube/contract/promo';
import { PriceBreakdown } from '@/components/pricing/price-breakdown';
import { useMoney } from '@/components/pricing/use-money';
import { useLiveQuote } from '../use-live-quote';

/** The live price beside every step (under it on a phone), from the engine in the browser. */
export function PricePanel({ catalog }: { catalog: Catalog }) {
  const { quote, discount, values } = useLiveQuote(catalog);
  const { money } = useMoney();
  const per = values.billingCycle === 'yearly' ? 'year' : 'month';

  return (
    <aside
      aria-labelledby="wizard-price-heading"
      className="space-y-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5 lg:sticky lg:top-20"
    >
      <h2 id="wizard-price-heading" className="text-lg font-semibold">
        Price
      </h2>
      {quote ? (
        <>
          <PriceBreakdown quote={quote} billingCycle={values.billingCycle} />
          <dl className="space-y-1 border-t border-border pt-3 text-sm">
            {discount > 0 ? (
              <div className="flex justify-between gap-3 text-success">
                <dt>Promo {PROMO_CODE}, if it applies</dt>
                <dd className="tabular-nums" data-testid="price-promo">
                  −{money(discount)}
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-3 text-base font-semibold">
              <dt>Due now, for the first {per}</dt>
              <dd className="tabular-nums" data-testid="price-due">
                {money(quote.total - discount)}
              </dd>
            </div>
          </dl>
          <p className="text-xs text-muted-foreground">
            Charged in US dollars; the order states the final price, computed again by our servers.
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="price-unavailable">
          The price shows once every answer is complete and valid.
        </p>
      )}
    </aside>
  );
}
