import { useWatch } from 'react-hook-form';
import type { Catalog } from '@alpenkube/contract/catalog';
import { Button } from '@/components/ui/button';
import { findProvider, findTier } from '@/lib/catalog/cluster-config-rules';
import type { WizardValues } from '../../wizard-schema';
import type { StepId } from '../../wizard-steps';

/** Every answer of the earlier steps, each with a way back to change it. */
export function ReviewSummary({
  catalog,
  onEdit,
}: {
  catalog: Catalog;
  onEdit: (step: StepId) => void;
}) {
  const values = useWatch<WizardValues>() as WizardValues;
  const tier = findTier(catalog, values.tier);
  const provider = findProvider(catalog, values.provider);
  const region = provider?.regions.find((candidate) => candidate.code === values.region);
  const version = catalog.kubernetesVersions.find((v) => v.minor === values.kubernetesVersion);
  const addonNames = values.addons.map(
    (slug) => catalog.addons.find((addon) => addon.slug === slug)?.name ?? slug,
  );
  const plan = catalog.supportPlans.find((candidate) => candidate.slug === values.supportPlan);

  const rows: { label: string; value: React.ReactNode; step: StepId }[] = [
    { label: 'Tier', value: tier?.name ?? values.tier, step: 'tier' },
    {
      label: 'Provider and region',
      value: `${provider?.name ?? values.provider}, ${region ? `${region.city} (${region.code}, ${region.jurisdiction === 'eu' ? 'EU' : 'outside the EU'})` : values.region}`,
      step: 'location',
    },
    {
      label: 'Kubernetes',
      value: version ? `${version.minor} (patch ${version.latestPatch})` : values.kubernetesVersion,
      step: 'version',
    },
    {
      label: 'Node pools',
      value: (
        <ul>
          {values.nodePools.map((pool, index) => (
            <li key={index}>
              {pool.name}: {pool.count} × {pool.size}
              {pool.autoscaleMin !== undefined && pool.autoscaleMax !== undefined
                ? `, autoscaling ${pool.autoscaleMin}–${pool.autoscaleMax}`
                : ''}
            </li>
          ))}
        </ul>
      ),
      step: 'nodes',
    },
    {
      label: 'Control plane',
      value: values.haControlPlane ? 'High availability (3 zones)' : 'Single zone',
      step: 'nodes',
    },
    { label: 'Add-ons', value: addonNames.length ? addonNames.join(', ') : 'None', step: 'addons' },
    { label: 'Support', value: plan?.name ?? values.supportPlan, step: 'addons' },
  ];

  return (
    <dl className="divide-y divide-border rounded-xl border border-border">
      {rows.map((row) => (
        <div
          key={row.label}
          className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 p-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto]"
        >
          <dt className="text-sm text-muted-foreground">{row.label}</dt>
          <dd className="col-start-1 text-sm font-medium break-words sm:col-start-2 sm:row-start-1">
            {row.value}
          </dd>
          <dd className="col-start-2 row-span-2 row-start-1 self-center sm:col-start-3 sm:row-span-1">
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={() => onEdit(row.step)}
              aria-label={`Change ${row.label.toLowerCase()}`}
            >
              Change
            </Button>
          </dd>
        </div>
      ))}
    </dl>
  );
}
