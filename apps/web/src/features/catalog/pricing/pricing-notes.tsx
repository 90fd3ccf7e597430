import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { MeteredRates } from '@/components/pricing/metered-rates';
import { useCurrency, type RatesSource } from '@/lib/currency';

const included = [
  'Managed control plane and etcd',
  'An EU-only residency policy from the start, enforced on every order; other regions only when your admins allow them',
  'Node pools you add, remove and resize from the console or the API',
  'Platform audit log and data-residency report',
  'Ticket support with response targets set by your support plan',
  'No charge for traffic between nodes of the same cluster',
];

/** Which rate the figures on the page use: until the live rate arrives, the reference one. */
function convertedAt(date: string | null, source: RatesSource | null) {
  if (source === null) return 'a reference rate until the live rate arrives';
  if (source === 'fallback') return 'a reference rate (the live rate is unavailable)';
  return date ? `the rate of ${date}` : 'the current rate';
}

/** What every tier includes and how prices are converted and billed. */
export function PricingNotes() {
  const { currency, ratesDate, ratesSource } = useCurrency();
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
      <section
        aria-labelledby="included-heading"
        className="rounded-2xl border border-border bg-card p-6"
      >
        <h2 id="included-heading" className="text-lg font-semibold">
          Included with every cluster
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-muted-foreground">
          {included.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="metered-heading"
        className="rounded-2xl border border-border bg-card p-6 lg:col-span-2"
      >
        <h2 id="metered-heading" className="text-lg font-semibold">
          Metered by the hour, billed monthly in arrears
        </h2>
        <MeteredRates className="mt-4" />
      </section>
      <section
        aria-labelledby="how-billed-heading"
        className="rounded-2xl border border-border bg-card p-6"
      >
        <h2 id="how-billed-heading" className="text-lg font-semibold">
          How prices work
        </h2>
        <div className="mt-4 space-y-3 text-sm text-muted-foreground">
          <p>
            A cluster costs its control plane plus its nodes, paid for the period. Storage, egress
            and what runs beyond the paid configuration are metered by the hour at the rates above
            and billed monthly; see{' '}
            <Link className="text-primary underline" to={paths.tutorial('billing-and-invoices')}>
              billing and invoices
            </Link>
            .
          </p>
          <p>
            Prices are set in US dollars.{' '}
            {currency === 'USD'
              ? 'Switch the currency above to see them in euros or pounds.'
              : `${currency} figures are converted at ${convertedAt(ratesDate, ratesSource)} and rounded down, for display only.`}
          </p>
          <p>
            Yearly plans are paid up front; the saving shown is round((12 × monthly − yearly) ÷ (12
            × monthly) × 100).
          </p>
          <p>
            Need add-ons, several clusters or special terms? Build an exact quote in the{' '}
            <Link className="text-primary underline" to={paths.priceEstimator}>
              price estimator
            </Link>{' '}
            or{' '}
            <Link className="text-primary underline" to={paths.contactSales}>
              talk to sales
            </Link>
            .
          </p>
        </div>
      </section>
    </div>
  );
}
