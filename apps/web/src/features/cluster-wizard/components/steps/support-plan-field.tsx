import { useController, useFormContext } from 'react-hook-form';
import type { Catalog, SupportPlan } from '@alpenkube/contract/catalog';
import { useMoney } from '@/components/pricing/use-money';
import { responseTime } from '@/lib/catalog/response-time';
import type { WizardValues } from '../../wizard-schema';
import { ChoiceCard, ChoiceGroup } from '../choice-group';

const severities: (keyof SupportPlan['responseMinutes'])[] = ['urgent', 'high', 'normal', 'low'];

export function SupportPlanField({ catalog }: { catalog: Catalog }) {
  const form = useFormContext<WizardValues>();
  const { field, fieldState } = useController({ control: form.control, name: 'supportPlan' });
  const { money } = useMoney();

  return (
    <ChoiceGroup
      legend="Support plan"
      description="First response targets by severity."
      error={fieldState.error?.message}
      className="grid gap-3 md:grid-cols-3"
    >
      {catalog.supportPlans.map((plan) => {
        const checked = field.value === plan.slug;
        return (
          <ChoiceCard
            key={plan.slug}
            name="supportPlan"
            value={plan.slug}
            checked={checked}
            invalid={Boolean(fieldState.error)}
            inputRef={checked ? field.ref : undefined}
            onChange={() => field.onChange(plan.slug)}
          >
            <span className="block font-semibold">{plan.name}</span>
            <span className="block text-sm tabular-nums">
              {plan.priceMonthly === 0 ? 'Included' : `${money(plan.priceMonthly)}/month`}
            </span>
            <span className="mt-1 block text-sm text-muted-foreground">{plan.description}</span>
            <span className="mt-2 grid grid-cols-2 gap-x-2 text-xs">
              {severities.map((severity) => (
                <span key={severity} className="contents">
                  <span className="text-muted-foreground capitalize">{severity}</span>
                  <span className="text-right">{responseTime(plan.responseMinutes[severity])}</span>
                </span>
              ))}
            </span>
          </ChoiceCard>
        );
      })}
    </ChoiceGroup>
  );
}
