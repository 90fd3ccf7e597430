import { useController, useFormContext } from 'react-hook-form';
import type { Catalog } from '@alpenkube/contract/catalog';
import { Badge } from '@/components/ui/badge';
import type { WizardValues } from '../../wizard-schema';
import { ChoiceCard, ChoiceGroup } from '../choice-group';

/** "28 October 2027": a date of the catalog (YYYY-MM-DD), read as a calendar day. */
export function formatDay(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function VersionStep({ catalog }: { catalog: Catalog }) {
  const form = useFormContext<WizardValues>();
  const { field, fieldState } = useController({ control: form.control, name: 'kubernetesVersion' });
  const versions = [...catalog.kubernetesVersions].sort((a, b) =>
    b.minor.localeCompare(a.minor, 'en', { numeric: true }),
  );

  return (
    <ChoiceGroup
      legend="Kubernetes version"
      legendHidden
      description="New clusters get the version's latest patch; later patches are applied in the cluster's maintenance window, and a version is upgraded for you before its end of support."
      error={fieldState.error?.message}
      className="grid gap-2"
    >
      {versions.map((version, index) => {
        const checked = field.value === version.minor;
        return (
          <ChoiceCard
            key={version.minor}
            name="kubernetesVersion"
            value={version.minor}
            checked={checked}
            invalid={Boolean(fieldState.error)}
            inputRef={checked ? field.ref : undefined}
            onChange={() => field.onChange(version.minor)}
            className="p-3"
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="font-semibold">Kubernetes {version.minor}</span>{' '}
                <span className="text-sm text-muted-foreground">(patch {version.latestPatch})</span>
              </span>
              <span className="flex items-center gap-2">
                {index === 0 ? <Badge variant="success">Newest</Badge> : null}
                {version.isDefault ? <Badge variant="secondary">Default</Badge> : null}
              </span>
            </span>
            <span className="mt-1 block text-sm text-muted-foreground">
              Supported until {formatDay(version.endOfSupport)}
            </span>
          </ChoiceCard>
        );
      })}
    </ChoiceGroup>
  );
}
