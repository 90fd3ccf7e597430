import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import type { Order } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMoney } from '@/components/pricing/use-money';
import { orderListPaths, orderResultLink } from '@/lib/order-links';
import { billingCycleLabels } from '../order-status';
import { PaymentResultPanel } from './payment-result-panel';

const nextSteps: Record<Order['kind'], string> = {
  cluster: 'Your cluster is ordered: provisioning starts shortly; you will be notified.',
  addon: 'Your add-on is ordered: it is installed shortly; you will be notified.',
  product: 'Your product is ordered: it is set up shortly; you will be notified.',
  support: 'Your support plan is ordered: it starts shortly; you will be notified.',
  high_availability:
    'High availability is ordered: two more control-plane replicas start shortly; you will be notified.',
};

/** A paid order: its number and total, what it bought, and what happens next. */
export function PaymentPaid({ order }: { order: Order }) {
  const { money } = useMoney();
  const result = orderResultLink(order);
  return (
    <PaymentResultPanel
      tone="success"
      icon={<CheckCircle2 className="size-7" />}
      title="Payment received"
      lead={
        <>
          Thank you. Order{' '}
          <span className="font-mono font-medium text-foreground">{order.number}</span> is paid.
        </>
      }
    >
      <Card>
        <CardContent className="space-y-4 pt-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="font-semibold">{order.description}</h2>
            <p className="text-lg font-semibold tabular-nums" data-testid="paid-total">
              {money(order.total)}
              <span className="ml-1 text-sm font-normal text-muted-foreground">
                {billingCycleLabels[order.billingCycle].toLowerCase()}
              </span>
            </p>
          </div>
          <ul aria-label="What you bought" className="space-y-1 text-sm text-muted-foreground">
            {order.lines.map((line, index) => (
              <li key={`${line.kind}-${index}`} className="flex justify-between gap-4">
                <span>
                  {line.quantity > 1 ? `${line.quantity} × ` : ''}
                  {line.description}
                </span>
                <span className="tabular-nums">{money(line.amount)}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <section aria-labelledby="next-steps" className="rounded-xl border bg-muted/40 p-5">
        <h2 id="next-steps" className="font-semibold">
          What happens next
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{nextSteps[order.kind]}</p>
      </section>
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild>
          <Link to={paths.orderStatus(order.id)}>View order status</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={result?.to ?? orderListPaths[order.kind]}>
            {result?.label ?? 'See your orders'}
          </Link>
        </Button>
      </div>
    </PaymentResultPanel>
  );
}
