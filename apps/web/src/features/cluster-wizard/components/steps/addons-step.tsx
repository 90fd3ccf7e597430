import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { Catalog } from '@alpenkube/contract/catalog';
import { useMoney } from '@/components/pricing/use-money';
import { findTier } from '@/lib/catalog/cluster-config-rules';
import type { WizardValues } from '../../wizard-schema';
import { ChoiceCard, ChoiceGroup } from '../choice-group';
import { SupportPlanField } from './support-plan-field';

/** The add-ons the tier offers; the others are named, so their absence is not a surprise. */
export function AddonsStep({ catalog }: { catalog: Catalog }) {
  const form = useFormContext<WizardValues>();
  const { field, fieldState } = useController({ control: form.control, name: 'addons' });
  const tierSlug = useWatch({ control: form.control, name: 'tier' });
  const tier = findTier(catalog, tierSlug);
  const { money } = useMoney();
  const offered = catalog.addons.filter((addon) => addon.compatibleTiers.includes(tierSlug));
  const missing = catalog.addons.filter((addon) => !addon.compatibleTiers.includes(tierSlug));
  // The server names an add-on by its index in the list: all of them are shown here.
  const errors = Array.isArray(fieldState.error)
    ? (fieldState.error as ({ message?: string } | undefined)[])
        .map((error) => error?.message)
        .filter(Boolean)
        .join(' ')
    : fieldState.error?.message;

  const toggle = (slug: string, on: boolean) =>
    field.onChange(
      on ? [...field.value, slug] : field.value.filter((chosen: string) => chosen !== slug),
    );

  return (
    <div className="space-y-8">
      <ChoiceGroup
        legend="Add-ons"
        description={
          missing.length && tier
            ? `Not offered on ${tier.name}: ${missing.map((addon) => addon.name).join(', ')}.`
            : undefined
        }
        error={errors || undefined}
        className="grid gap-3 sm:grid-cols-2"
      >
        {offered.map((addon, index) => (
          <ChoiceCard
            key={addon.slug}
            type="checkbox"
            name="addons"
            value={addon.slug}
            checked={field.value.includes(addon.slug)}
            inputRef={index === 0 ? field.ref : undefined}
            onChange={(on) => toggle(addon.slug, on)}
          >
            <span className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold">{addon.name}</span>
              <span className="text-sm whitespace-nowrap tabular-nums">
                {addon.priceMonthly === 0
                  ? 'Free'
                  : `${money(addon.priceMonthly)}/${addon.unit === 'node' ? 'node/' : ''}month`}
              </span>
            </span>
            <span className="mt-1 block text-sm text-muted-foreground">{addon.description}</span>
          </ChoiceCard>
        ))}
      </ChoiceGroup>
      <SupportPlanField catalog={catalog} />
    </div>
  );
}
