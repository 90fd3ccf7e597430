import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ClusterSort, ClusterStatus } from '@alpenkube/contract';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { publicQueries } from '@/lib/public-queries';
import type { ClusterFilters as Filters } from '../cluster-filters';
import {
  clusterSortLabels,
  clusterSortList,
  clusterStatusDisplay,
  clusterStatusList,
} from '../cluster-status';
import { ClusterSearch } from './cluster-search';
import { TagFilter } from '@/components/tags/tag-filter';

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        {children}
      </NativeSelect>
    </div>
  );
}

/**
 * The list's filters and sort. Each choice is a change of the URL (`onChange`), so a filtered
 * list has an address, and back and forward step through the choices.
 */
export function ClusterFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (change: Partial<Filters>, options?: { replace?: boolean }) => void;
}) {
  const catalog = useQuery(publicQueries.catalog()).data;
  const providers = catalog?.providers ?? [];
  const shownProviders = filters.provider
    ? providers.filter((provider) => provider.slug === filters.provider)
    : providers;
  const regionsOf = (slug: string | undefined) =>
    providers.find((provider) => provider.slug === slug)?.regions ?? [];

  return (
    <div
      role="group"
      aria-label="Filter and sort the clusters"
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      <ClusterSearch value={filters.q} onSearch={(q) => onChange({ q }, { replace: true })} />
      <Select
        label="Status"
        value={filters.status}
        onChange={(status) => onChange({ status: status as ClusterStatus | undefined })}
      >
        <option value="">Any status</option>
        {clusterStatusList.map((status) => (
          <option key={status} value={status}>
            {clusterStatusDisplay[status].label}
          </option>
        ))}
      </Select>
      <Select label="Tier" value={filters.tier} onChange={(tier) => onChange({ tier })}>
        <option value="">Any tier</option>
        {catalog?.tiers.map((tier) => (
          <option key={tier.slug} value={tier.slug}>
            {tier.name}
          </option>
        ))}
      </Select>
      <Select
        label="Provider"
        value={filters.provider}
        onChange={(provider) =>
          // A region belongs to one provider: another provider's region would match nothing.
          onChange({
            provider,
            region: regionsOf(provider).some((region) => region.code === filters.region)
              ? filters.region
              : undefined,
          })
        }
      >
        <option value="">Any provider</option>
        {providers.map((provider) => (
          <option key={provider.slug} value={provider.slug}>
            {provider.name}
          </option>
        ))}
      </Select>
      <Select label="Region" value={filters.region} onChange={(region) => onChange({ region })}>
        <option value="">Any region</option>
        {shownProviders.map((provider) => (
          <optgroup key={provider.slug} label={provider.name}>
            {provider.regions.map((region) => (
              <option key={region.code} value={region.code}>
                {region.city}, {region.country} ({region.code})
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      <TagFilter value={filters.tag} onChange={(tag) => onChange({ tag })} />
      <Select
        label="Sort by"
        value={filters.sort ?? clusterSortList[0]}
        onChange={(sort) => onChange({ sort: sort as ClusterSort | undefined })}
      >
        {clusterSortList.map((sort) => (
          <option key={sort} value={sort}>
            {clusterSortLabels[sort]}
          </option>
        ))}
      </Select>
    </div>
  );
}
