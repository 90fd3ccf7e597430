import { useWatch } from 'react-hook-form';
import type { Catalog } from '@alpenkube/contract/catalog';
import { Button } from '@/components/ui/button';
import { describeCluster, type ConfigurationPart } from '@/lib/catalog/describe-cluster';
import { configOf, type WizardValues } from '../../wizard-schema';
import type { StepId } from '../../wizard-steps';

/** The step that asks for each part of the configuration. */
const stepOf: Record<ConfigurationPart, StepId> = {
  tier: 'tier',
  location: 'location',
  version: 'version',
  nodePools: 'nodes',
  controlPlane: 'nodes',
  addons: 'addons',
  supportPlan: 'addons',
};

/** Every answer of the earlier steps, each with a way back to change it. */
export function ReviewSummary({
  catalog,
  onEdit,
}: {
  catalog: Catalog;
  onEdit: (step: StepId) => void;
}) {
  const values = useWatch<WizardValues>() as WizardValues;
  const rows = describeCluster(configOf(values), catalog);

  return (
    <dl className="divide-y divide-border rounded-xl border border-border">
      {rows.map((row) => (
        <div
          key={row.label}
          className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 p-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto]"
        >
          <dt className="text-sm text-muted-foreground">{row.label}</dt>
          <dd className="col-start-1 text-sm font-medium break-words sm:col-start-2 sm:row-start-1">
            {Array.isArray(row.value) ? (
              <ul>
                {row.value.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            ) : (
              row.value
            )}
          </dd>
          <dd className="col-start-2 row-span-2 row-start-1 self-center sm:col-start-3 sm:row-span-1">
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={() => onEdit(stepOf[row.part])}
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
