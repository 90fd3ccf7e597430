import { useController, useFormContext } from 'react-hook-form';
import type { Catalog } from '@alpenkube/contract/catalog';
import { PROMO_CODE_RULE, PromoCodeInput } from '@/components/promo/promo-code-field';
import { FormAlert } from '@/components/ui/form';
import { FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { useLiveQuote } from '../../use-live-quote';
import type { PlacedOrder } from '../../wizard-draft';
import { fingerprintOf, orderBody, type WizardValues } from '../../wizard-schema';
import type { StepId } from '../../wizard-steps';
import { ChoiceCard, ChoiceGroup } from '../choice-group';
import { PreviewExpiryField } from './preview-expiry-field';
import { ReviewSummary } from './review-summary';

export function ReviewStep({
  catalog,
  placedOrder,
  onEdit,
}: {
  catalog: Catalog;
  /** The order the draft placed earlier: changed answers replace it. */
  placedOrder: PlacedOrder | null;
  onEdit: (step: StepId) => void;
}) {
  const form = useFormContext<WizardValues>();
  const cycle = useController({ control: form.control, name: 'billingCycle' });
  const { quote, values } = useLiveQuote(catalog);
  const replacedOrder =
    placedOrder && placedOrder.fingerprint !== fingerprintOf(orderBody(values))
      ? placedOrder.number
      : null;
  const saving = quote?.yearlyDiscountPercent ?? 0;

  return (
    <div className="space-y-8">
      <ReviewSummary catalog={catalog} onEdit={onEdit} />
      <FormInputField
        control={form.control}
        name="name"
        label="Cluster name"
        description="Lowercase letters, digits and hyphens, up to 63 characters; unique in your organization. It names the cluster in kubectl and in the console."
        render={(field) => (
          <Input autoComplete="off" spellCheck={false} placeholder="prod-eu" {...field} />
        )}
      />
      <ChoiceGroup
        legend="Billing cycle"
        description="The first period is paid now, up front."
        error={cycle.fieldState.error?.message}
        className="grid gap-3 sm:grid-cols-2"
      >
        <ChoiceCard
          name="billingCycle"
          value="monthly"
          checked={cycle.field.value === 'monthly'}
          inputRef={cycle.field.value === 'monthly' ? cycle.field.ref : undefined}
          onChange={() => cycle.field.onChange('monthly')}
        >
          <span className="block font-semibold">Monthly</span>
          <span className="block text-sm text-muted-foreground">Pay month by month.</span>
        </ChoiceCard>
        <ChoiceCard
          name="billingCycle"
          value="yearly"
          checked={cycle.field.value === 'yearly'}
          inputRef={cycle.field.value === 'yearly' ? cycle.field.ref : undefined}
          onChange={() => cycle.field.onChange('yearly')}
        >
          <span className="block font-semibold">Yearly</span>
          <span className="block text-sm text-muted-foreground">
            {saving > 0 ? `Save ${saving}% against 12 monthly payments.` : 'Pay a year up front.'}
          </span>
        </ChoiceCard>
      </ChoiceGroup>
      <PreviewExpiryField />
      <FormInputField
        control={form.control}
        name="tags"
        label="Tags (optional)"
        description="For cost allocation: the cluster list and the usage report filter by them. Up to 20, with commas between them: lowercase letters, digits, -, _ and :."
        render={(field) => (
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="team:web, env-prod"
            {...field}
            value={field.value ?? ''}
          />
        )}
      />
      <FormInputField
        control={form.control}
        name="promoCode"
        label="Promo code (optional)"
        description={PROMO_CODE_RULE}
        render={(field) => <PromoCodeInput {...field} />}
      />
      {replacedOrder ? (
        <FormAlert variant="info">
          You changed the configuration after placing order {replacedOrder}. Placing the order again
          cancels {replacedOrder} and places a new one.
        </FormAlert>
      ) : null}
      <FormRootError />
    </div>
  );
}
