import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TagFilter } from '@/components/tags/tag-filter';
import {
  presetRange,
  rangeIssues,
  rangePresetLabels,
  rangePresets,
  type RangePreset,
  type UsageFilters as Filters,
} from '../usage-range';
import { UsageViewTabs } from './usage-view-tabs';

/**
 * The period (a preset or custom dates, UTC), the cluster, a tag and the grouping. Every change goes
 * to the URL (`onChange` replaces it), the grouping tabs are links with their own address.
 */
export function UsageFilters({
  filters,
  clusters,
  onChange,
}: {
  filters: Filters;
  /** The organization's clusters; undefined while they load. */
  clusters: readonly { id: number; name: string }[] | undefined;
  onChange: (change: Partial<Filters>) => void;
}) {
  const ids = { period: useId(), cluster: useId(), from: useId(), to: useId() };
  const issues = filters.preset === 'custom' ? rangeIssues(filters.range) : {};
  // A cluster typed in the URL (or deleted since) still reads as chosen.
  const choices =
    filters.clusterId !== null && !clusters?.some((c) => c.id === filters.clusterId)
      ? [...(clusters ?? []), { id: filters.clusterId, name: `Cluster #${filters.clusterId}` }]
      : (clusters ?? []);
  const choosePreset = (preset: RangePreset) =>
    // Custom dates start from the period on screen.
    onChange({
      preset,
      range: preset === 'custom' ? filters.range : presetRange(preset, new Date()),
    });

  return (
    <div className="space-y-4">
      <UsageViewTabs filters={filters} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={ids.period}>Period (UTC)</Label>
          <NativeSelect
            id={ids.period}
            value={filters.preset}
            onChange={(event) => choosePreset(event.target.value as RangePreset)}
          >
            {rangePresets.map((preset) => (
              <option key={preset} value={preset}>
                {rangePresetLabels[preset]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {filters.preset === 'custom' ? (
          <>
            <DateField
              id={ids.from}
              label="From"
              value={filters.range.from}
              error={issues.from}
              onChange={(from) => onChange({ range: { ...filters.range, from } })}
            />
            <DateField
              id={ids.to}
              label="To"
              value={filters.range.to}
              error={issues.to}
              onChange={(to) => onChange({ range: { ...filters.range, to } })}
            />
          </>
        ) : null}
        <div className="grid content-start gap-1.5">
          <Label htmlFor={ids.cluster}>Cluster</Label>
          <NativeSelect
            id={ids.cluster}
            value={filters.clusterId === null ? '' : String(filters.clusterId)}
            onChange={(event) =>
              onChange({ clusterId: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">All clusters</option>
            {choices.map((cluster) => (
              <option key={cluster.id} value={cluster.id}>
                {cluster.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <TagFilter
          className="grid content-start gap-1.5"
          value={filters.tag ?? ''}
          onChange={(tag) => onChange({ tag: tag ?? null })}
        />
      </div>
    </div>
  );
}

function DateField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
