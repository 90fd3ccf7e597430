import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { Catalog } from '@alpenkube/contract/catalog';
import type { Tier } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { FormAlert } from '@/components/ui/form';
import { useMoney } from '@/components/pricing/use-money';
import { fitToTier, nodeLimits } from '@/lib/catalog/cluster-config-rules';
import type { WizardValues } from '../../wizard-schema';
import { ChoiceCard, ChoiceGroup } from '../choice-group';

/** What changing the tier changed in other answers, said where the change was made. */
function adaptationNote(tier: Tier, droppedAddons: string[], poolsChanged: boolean) {
  const notes: string[] = [];
  if (droppedAddons.length) {
    notes.push(`Removed add-ons ${tier.name} does not offer: ${droppedAddons.join(', ')}.`);
  }
  if (poolsChanged) notes.push(`Node pools now use ${tier.name}'s sizes and node limits.`);
  return notes.join(' ');
}

export function TierStep({ catalog }: { catalog: Catalog }) {
  const form = useFormContext<WizardValues>();
  const { field, fieldState } = useController({ control: form.control, name: 'tier' });
  const { money } = useMoney();
  const [note, setNote] = useState('');

  const choose = (tier: Tier) => {
    const fit = fitToTier(form.getValues(), tier.slug, catalog);
    field.onChange(tier.slug);
    form.setValue('addons', fit.config.addons);
    form.setValue('nodePools', fit.config.nodePools);
    form.setValue('haControlPlane', fit.config.haControlPlane);
    setNote(adaptationNote(tier, fit.droppedAddons, fit.poolsChanged));
  };

  return (
    <div className="space-y-4">
      <ChoiceGroup
        legend="Cluster tier"
        legendHidden
        error={fieldState.error?.message}
        className="grid gap-3 sm:grid-cols-2"
      >
        {catalog.tiers.map((tier) => {
          const checked = field.value === tier.slug;
          const fromSize = tier.nodeSizes[0];
          return (
            <ChoiceCard
              key={tier.slug}
              name="tier"
              value={tier.slug}
              checked={checked}
              invalid={Boolean(fieldState.error)}
              inputRef={checked ? field.ref : undefined}
              onChange={() => choose(tier)}
            >
              <span className="flex flex-wrap items-center gap-2 font-semibold">
                {tier.name}
                {tier.nodeSizes.some((size) => size.gpu) ? (
                  <Badge variant="secondary">GPU</Badge>
                ) : null}
              </span>
              <span className="mt-1 line-clamp-3 block text-sm text-muted-foreground">
                {tier.description}
              </span>
              <span className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                <span>{nodeLimits(tier)}</span>
                {tier.sla ? <span>{tier.sla}</span> : null}
                {fromSize ? (
                  <span>
                    Nodes from{' '}
                    <span className="font-medium text-foreground">
                      {money(fromSize.priceMonthly)}
                    </span>
                    /month
                  </span>
                ) : null}
              </span>
            </ChoiceCard>
          );
        })}
      </ChoiceGroup>
      <div aria-live="polite">{note ? <FormAlert variant="info">{note}</FormAlert> : null}</div>
    </div>
  );
}
