import { useEffect } from 'react';
import { Link } from 'react-router';
import { useController, useFormContext } from 'react-hook-form';
import type { Catalog, Provider } from '@alpenkube/contract/catalog';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { changeProvider, findProvider } from '@/lib/catalog/cluster-config-rules';
import { paths } from '@/config/paths';
import type { WizardValues } from '../../wizard-schema';
import { useEuOnlyPolicy } from '../../use-residency-policy';
import { ChoiceCard, ChoiceGroup } from '../choice-group';
import { RegionChoice } from './region-choice';
import { VpcField } from './vpc-field';

export function LocationStep({
  catalog,
  euOnly,
  onEuOnlyChange,
}: {
  catalog: Catalog;
  euOnly: boolean;
  onEuOnlyChange: (euOnly: boolean) => void;
}) {
  const form = useFormContext<WizardValues>();
  const provider = useController({ control: form.control, name: 'provider' });
  const region = useController({ control: form.control, name: 'region' });
  const chosen = findProvider(catalog, provider.field.value);
  const policyEuOnly = useEuOnlyPolicy();

  const vpc = useController({ control: form.control, name: 'vpc' });
  const chooseProvider = (next: Provider) => {
    vpc.field.onChange('');
    provider.field.onChange(next.slug);
    region.field.onChange(changeProvider(form.getValues(), next.slug, catalog, euOnly).region);
  };
  const filter = (on: boolean) => {
    onEuOnlyChange(on);
    const values = form.getValues();
    const next = changeProvider(values, values.provider, catalog, on);
    if (next.region !== values.region) {
      vpc.field.onChange('');
      region.field.onChange(next.region);
    }
  };

  // The organization's policy decides, whatever the draft said: the filter is on and stays on.
  useEffect(() => {
    if (policyEuOnly && !euOnly) filter(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the policy arrives
  }, [policyEuOnly]);

  const regions = (chosen?.regions ?? []).filter(
    (candidate) => !(euOnly || policyEuOnly) || candidate.jurisdiction === 'eu',
  );

  return (
    <div className="space-y-8">
      <ChoiceGroup
        legend="Provider"
        error={provider.fieldState.error?.message}
        className="grid gap-3 sm:grid-cols-2"
      >
        {catalog.providers.map((candidate) => {
          const checked = provider.field.value === candidate.slug;
          const euRegions = candidate.regions.filter((r) => r.jurisdiction === 'eu').length;
          return (
            <ChoiceCard
              key={candidate.slug}
              name="provider"
              value={candidate.slug}
              checked={checked}
              invalid={Boolean(provider.fieldState.error)}
              inputRef={checked ? provider.field.ref : undefined}
              onChange={() => chooseProvider(candidate)}
            >
              <span className="flex flex-wrap items-center gap-2 font-semibold">
                {candidate.name}
                {candidate.isDefault ? <Badge variant="success">Sovereign EU cloud</Badge> : null}
              </span>
              <span className="mt-1 block text-sm text-muted-foreground">
                {candidate.service} · {candidate.regions.length} regions, {euRegions} in the EU
              </span>
            </ChoiceCard>
          );
        })}
      </ChoiceGroup>

      <ChoiceGroup
        legend="Region"
        description="The jurisdiction decides which law governs the data in the cluster."
        error={region.fieldState.error?.message}
        className="grid gap-2"
      >
        <label className="flex w-fit items-center gap-2 text-sm font-medium">
          <Checkbox
            checked={euOnly || policyEuOnly}
            disabled={policyEuOnly}
            onChange={(event) => filter(event.target.checked)}
          />
          EU only
        </label>
        {policyEuOnly ? (
          <p className="text-sm text-muted-foreground" data-testid="residency-policy-note">
            Your organization&apos;s residency policy is <strong>EU only</strong>: only EU regions
            are offered, and the server refuses any other. An organization admin can change it in{' '}
            <Link className="underline" to={`${paths.userManagement}?tab=organization`}>
              User Management › Organization
            </Link>
            .
          </p>
        ) : null}
        {regions.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            {chosen ? `${chosen.name} has no region in the EU.` : 'Choose a provider first.'}
          </p>
        ) : (
          regions.map((candidate) => (
            <RegionChoice
              key={candidate.code}
              region={candidate}
              checked={region.field.value === candidate.code}
              invalid={Boolean(region.fieldState.error)}
              inputRef={region.field.value === candidate.code ? region.field.ref : undefined}
              onChoose={() => {
                // A VPC belongs to one region: another region starts from its default network.
                if (region.field.value !== candidate.code) vpc.field.onChange('');
                region.field.onChange(candidate.code);
              }}
            />
          ))
        )}
      </ChoiceGroup>
      <VpcField />
    </div>
  );
}
