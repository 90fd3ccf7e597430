import { Link } from 'react-router';
import type { ProductDetail } from '@alpenkube/contract';
import { FormAlert } from '@/components/ui/form';
import { useMoney } from '@/components/pricing/use-money';
import { paths } from '@/config/paths';
import { useProductStep } from '../queries';
import { ProductProgress, ProductStatusBadge } from './product-status-badge';
import { Detail, Section } from './section';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The product's state and what the organization pays for it. */
export function ProductOverview({ product }: { product: ProductDetail }) {
  const { money } = useMoney();
  const step = useProductStep(product.id);
  return (
    <Section title="State and plan">
      <div className="space-y-2" data-testid="product-state">
        <ProductStatusBadge status={product.status} />
        <ProductProgress status={product.status} progress={product.progress} step={step} />
        {product.statusReason ? (
          <FormAlert variant={product.status === 'failed' ? 'error' : 'info'}>
            {product.statusReason}
          </FormAlert>
        ) : null}
        {product.pendingOrderId ? (
          <FormAlert variant="info" title="A plan change waits for payment">
            <Link to={paths.checkout(product.pendingOrderId)} className="underline">
              Pay the plan change
            </Link>{' '}
            to start it.
          </FormAlert>
        ) : null}
      </div>
      <dl className="space-y-2">
        <Detail term="Plan">
          {product.planName} <span className="text-muted-foreground">· {product.planSize}</span>
        </Detail>
        <Detail term="Billing">
          {product.billingCycle === 'yearly' ? 'Yearly' : 'Monthly'}
          {product.period
            ? `: ${money(product.period.price)} for ${day(product.period.start)} to ${day(product.period.end)}`
            : ''}
        </Detail>
        {product.orderId ? (
          <Detail term="Order">
            <Link to={paths.orderStatus(product.orderId)} className="underline">
              See the order
            </Link>
          </Detail>
        ) : null}
        {product.cancelledAt ? <Detail term="Cancelled">{day(product.cancelledAt)}</Detail> : null}
      </dl>
    </Section>
  );
}
