import type { ProductDetail } from '@alpenkube/contract';
import { Section } from './section';

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** What the product reports using today; plans are flat, so none of it is billed. */
export function ProductUsage({ product }: { product: ProductDetail }) {
  if (product.usage.length === 0) return null;
  return (
    <Section title="Usage">
      <ul className="grid gap-3 sm:grid-cols-3">
        {product.usage.map((metric) => (
          <li key={metric.label} className="rounded-lg border p-3">
            <p className="text-xs text-muted-foreground">{metric.label}</p>
            <p className="text-lg font-semibold tabular-nums">
              {number.format(metric.value)}{' '}
              <span className="text-sm font-normal">{metric.unit}</span>
            </p>
            {metric.limit !== null ? (
              <p className="text-xs text-muted-foreground">
                of {number.format(metric.limit)} {metric.unit} in the plan
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        Reported by the simulated provider. Plans are flat: usage within the plan is not billed.
      </p>
    </Section>
  );
}
