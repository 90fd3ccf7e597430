import type { Order } from '@alpenkube/contract';
import {
  billingCycleLabels,
  formatOrderDate,
  orderKindLabels,
  orderStatusDisplay,
} from '../order-status';
import { OrderActions } from './order-actions';
import { OrderAmounts } from './order-amounts';
import { OrderConfiguration } from './order-configuration';
import { OrderPayment } from './order-payment';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import { PageHeading } from '@/components/page/page-heading';
import { SectionCard } from './section-card';

/** One order: what it bought and costs, its configuration, its payment and its timeline. */
export function OrderDetail({ order }: { order: Order }) {
  return (
    <div className="space-y-6">
      <PageHeading
        title={
          <span className="flex flex-wrap items-center gap-3">
            Order <span className="font-mono">{order.number}</span>
            <OrderStatusBadge status={order.status} className="text-sm" />
          </span>
        }
        lead={
          <>
            <p>{order.description}</p>
            <p className="text-sm">
              {orderKindLabels[order.kind]} order placed{' '}
              <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
            </p>
          </>
        }
      >
        <OrderActions order={order} />
      </PageHeading>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <SectionCard
            title="What you ordered"
            description={`Billing cycle: ${billingCycleLabels[order.billingCycle].toLowerCase()}, paid up front.`}
          >
            <OrderAmounts order={order} />
          </SectionCard>
          {order.cluster ? (
            <SectionCard title="Cluster configuration">
              <OrderConfiguration config={order.cluster} />
            </SectionCard>
          ) : null}
        </div>
        {/* Phones show the status first: it is what this page is visited for. */}
        <div className="order-first min-w-0 space-y-6 lg:order-none">
          <SectionCard title="Status" description={orderStatusDisplay[order.status].explanation}>
            <OrderTimeline timeline={order.timeline} />
          </SectionCard>
          <SectionCard title="Payment">
            <OrderPayment payment={order.payment} />
          </SectionCard>
        </div>
      </div>
    </div>
  );
}
