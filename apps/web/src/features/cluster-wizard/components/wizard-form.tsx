import { useRef, type FormEvent } from 'react';
import type { Catalog } from '@alpenkube/contract/catalog';
import type { StepId } from '../wizard-steps';
import { FormAlert } from '@/components/ui/form';
import { Form } from '@/components/ui/hook-form';
import { useClusterWizard } from '../use-cluster-wizard';
import { usePlaceOrderAction } from '../use-place-order';
import { useSettledOrderCheck } from '../use-settled-order-check';
import { CurrentStep } from './current-step';
import { OrderingNotice, useOrdering } from './ordering-notice';
import { PricePanel } from './price-panel';
import { stepDescriptions } from './step-descriptions';
import { StepList } from './step-list';
import { StepSection } from './step-section';
import { WizardHeading, type RenderCheckout } from './wizard-heading';
import { WizardNav } from './wizard-nav';

/** The wizard with its catalog: step list, the current step, the live price beside it. */
export function WizardForm({
  catalog,
  renderCheckout,
}: {
  catalog: Catalog;
  renderCheckout: RenderCheckout;
}) {
  const wizard = useClusterWizard(catalog);
  const { form, meta, setMeta, current, goTo } = wizard;
  const ordering = useOrdering();
  const placement = usePlaceOrderAction(wizard);
  const settledNotice = useSettledOrderCheck(wizard);
  const onCheckout = current.id === 'checkout' && meta.placed !== null;
  const shownStep = useRef<StepId | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (current.id === 'review') void placement.submit();
    else void wizard.next();
  };

  return (
    <Form {...form}>
      <div className="mx-auto w-full max-w-7xl space-y-6">
        <WizardHeading
          title="Configure a new cluster"
          lead="Choose a tier, where it runs and its nodes; the price follows every answer. Nothing is charged before the payment step."
        />
        {settledNotice ? <FormAlert variant="info">{settledNotice}</FormAlert> : null}
        {ordering.reason && !onCheckout ? <OrderingNotice reason={ordering.reason} /> : null}
        <StepList
          current={current.id}
          reached={meta.reached}
          locked={(step) => step === 'checkout' && meta.placed === null}
          onSelect={goTo}
        />
        {onCheckout ? (
          <StepSection step="checkout" previous={shownStep} description={stepDescriptions.checkout}>
            {renderCheckout({ orderId: meta.placed!.orderId, onPaid: wizard.finish })}
            <button
              type="button"
              className="text-sm font-medium text-primary hover:underline"
              onClick={() => goTo('review')}
            >
              Back to the review
            </button>
          </StepSection>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
            <form
              noValidate
              onSubmit={onSubmit}
              aria-label="Cluster configuration"
              className="min-w-0 space-y-8"
            >
              <StepSection
                step={current.id}
                previous={shownStep}
                description={stepDescriptions[current.id]}
              >
                <CurrentStep
                  step={current.id === 'checkout' ? 'review' : current.id}
                  catalog={catalog}
                  euOnly={meta.euOnly}
                  onEuOnlyChange={(euOnly) => setMeta((state) => ({ ...state, euOnly }))}
                  placedOrder={meta.placed}
                  onEdit={goTo}
                />
              </StepSection>
              <WizardNav
                step={current.id}
                onBack={wizard.back}
                placing={placement.pending}
                canOrder={ordering.allowed}
                refusal={ordering.reason}
              />
            </form>
            <PricePanel catalog={catalog} />
          </div>
        )}
      </div>
    </Form>
  );
}
