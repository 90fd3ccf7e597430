import type { Catalog } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import type { FieldIssues } from '../use-estimator-config';
import { SelectField } from './select-field';

/** Provider, region (with its jurisdiction) and Kubernetes version. */
export function LocationFields({
  catalog,
  provider,
  region,
  version,
  issues,
  onProvider,
  onRegion,
  onVersion,
}: {
  catalog: Catalog;
  provider: string;
  region: string;
  version: string;
  issues: FieldIssues;
  onProvider: (slug: string) => void;
  onRegion: (code: string) => void;
  onVersion: (minor: string) => void;
}) {
  const regions = catalog.providers.find((candidate) => candidate.slug === provider)?.regions;
  const chosen = regions?.find((candidate) => candidate.code === region);
  const chosenVersion = catalog.kubernetesVersions.find((candidate) => candidate.minor === version);
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <SelectField
        label="Provider"
        value={provider}
        options={catalog.providers.map((candidate) => ({
          value: candidate.slug,
          label: candidate.isDefault
            ? `${candidate.name} (sovereign EU cloud)`
            : `${candidate.name} (${candidate.service})`,
        }))}
        onChange={onProvider}
        error={issues.get('provider')}
        className="sm:col-span-2"
      />
      <SelectField
        label="Region"
        value={region}
        options={(regions ?? []).map((candidate) => ({
          value: candidate.code,
          label: `${candidate.city}, ${candidate.country} (${candidate.code}) · ${
            candidate.jurisdiction === 'eu' ? 'EU' : 'non-EU'
          }`,
        }))}
        onChange={onRegion}
        error={issues.get('region')}
        description={
          chosen && (
            <span className="inline-flex flex-wrap items-center gap-2" data-testid="jurisdiction">
              {chosen.jurisdiction === 'eu' ? (
                <Badge variant="success">EU jurisdiction</Badge>
              ) : (
                <Badge variant="warning">Outside the EU</Badge>
              )}
              {chosen.priceFactorBasisPoints !== 10_000 &&
                `Infrastructure prices ×${(chosen.priceFactorBasisPoints / 10_000).toFixed(2)} here`}
            </span>
          )
        }
      />
      <SelectField
        label="Kubernetes version"
        value={version}
        options={catalog.kubernetesVersions.map((candidate) => ({
          value: candidate.minor,
          label: `${candidate.minor} (${candidate.latestPatch})${candidate.isDefault ? ' · newest' : ''}`,
        }))}
        onChange={onVersion}
        error={issues.get('kubernetesVersion')}
        description={
          // The maintenance sweep upgrades a minor in the last window before this date.
          chosenVersion &&
          `Supported until ${chosenVersion.endOfSupport}, then upgraded for you in the cluster's maintenance window.`
        }
      />
    </div>
  );
}
