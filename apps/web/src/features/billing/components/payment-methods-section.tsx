import { useQuery } from '@tanstack/react-query';
import { CreditCard, FlaskConical } from 'lucide-react';
import type { PaymentMethod } from '@alpenkube/contract/payments';
import { Badge } from '@/components/ui/badge';
import { useCan } from '@/lib/session/use-can';
import { billingQueries } from '../queries';
import { AddCardDialog } from './add-card-dialog';
import { BillingSection } from './billing-section';
import { PaymentMethodActions } from './payment-method-actions';
import { QueryGate } from './query-gate';

const expiry = (method: PaymentMethod) =>
  `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`;

function MethodRow({ method, canChange }: { method: PaymentMethod; canChange: boolean }) {
  const name = `${method.brand} ending ${method.last4}`;
  return (
    <li
      className="flex flex-wrap items-center gap-3 py-3"
      data-testid="payment-method"
      aria-label={name}
    >
      <CreditCard className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-medium">{name}</span>
        <span className="text-muted-foreground">expires {expiry(method)}</span>
        {method.isDefault ? <Badge variant="secondary">Default</Badge> : null}
      </div>
      {canChange ? <PaymentMethodActions method={method} name={name} /> : null}
    </li>
  );
}

/**
 * The organization's saved cards: the default one pays renewals and invoices after the credit
 * balance. Members who may order add, choose the default and remove cards.
 */
export function PaymentMethodsSection() {
  const methods = useQuery(billingQueries.paymentMethods());
  const gateway = useQuery(billingQueries.gateway());
  const canChange = useCan('orderer', 'billing:write');
  return (
    <BillingSection
      id="payment-methods"
      title="Payment methods"
      description="The default card pays renewals and invoices once the credit balance is used."
      actions={canChange ? <AddCardDialog gateway={gateway.data} /> : null}
    >
      {gateway.data?.testMode ? (
        <p
          className="mb-3 flex items-center gap-2 text-xs text-muted-foreground"
          data-testid="test-gateway"
        >
          <FlaskConical className="size-3.5" aria-hidden="true" />
          Test gateway: no real card is charged.
        </p>
      ) : null}
      <QueryGate query={methods} what="the payment methods">
        {(list) =>
          list.length === 0 ? (
            <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
              No card saved yet. Renewals and invoices are paid from the credit balance alone until
              you add one.
            </p>
          ) : (
            <ul className="divide-y" aria-label="Saved cards">
              {list.map((method) => (
                <MethodRow key={method.id} method={method} canChange={canChange} />
              ))}
            </ul>
          )
        }
      </QueryGate>
    </BillingSection>
  );
}
