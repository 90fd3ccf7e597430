import { Trash2 } from 'lucide-react';
import type { NodeSize, Tier } from '@alpenkube/contract';
import type { NodePoolConfig } from '@alpenkube/contract/pricing';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { autoscaleBounds } from '@/lib/catalog/cluster-config-rules';
import type { FieldIssues } from '../use-estimator-config';
import { NumberField } from './number-field';
import { SelectField } from './select-field';

function sizeLabel(size: NodeSize) {
  const gpu = size.gpu ? ` · ${size.gpu.count}× ${size.gpu.model}` : '';
  return `${size.name} · ${size.vcpu} vCPU · ${size.memoryGb} GB RAM · ${size.diskGb} GB disk${gpu}`;
}

/** One pool: its name, node size, node count and optional autoscaling bounds. */
export function NodePoolRow({
  pool,
  index,
  tier,
  issues,
  onChange,
  onRemove,
}: {
  pool: NodePoolConfig;
  index: number;
  tier: Tier | undefined;
  issues: FieldIssues;
  onChange: (pool: NodePoolConfig) => void;
  /** Absent for the only pool: a cluster needs one. */
  onRemove?: () => void;
}) {
  const issue = (field: string) => issues.get(`nodePools.${index}.${field}`);
  const autoscales = pool.autoscaleMin !== undefined && pool.autoscaleMax !== undefined;
  const title = `Node pool ${index + 1}`;
  return (
    <fieldset className="rounded-lg border border-border p-4" data-testid="node-pool">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_7rem]">
        <FormField label="Pool name" error={issue('name')}>
          <Input
            value={pool.name}
            autoComplete="off"
            spellCheck={false}
            // ':' separates a pool's fields in the URL; a DNS label never has one anyway.
            onChange={(event) => onChange({ ...pool, name: event.target.value.replace(/:/g, '') })}
          />
        </FormField>
        <SelectField
          label="Node size"
          value={pool.size}
          options={(tier?.nodeSizes ?? []).map((size) => ({
            value: size.name,
            label: sizeLabel(size),
          }))}
          onChange={(size) => onChange({ ...pool, size })}
          error={issue('size')}
        />
        <NumberField
          label="Nodes"
          value={pool.count}
          min={1}
          max={tier?.maxNodes}
          onChange={(count) => onChange({ ...pool, count })}
          error={issue('count')}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <label className="flex h-9 items-center gap-2 text-sm font-medium">
          <Checkbox
            checked={autoscales}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? { ...pool, ...autoscaleBounds(pool.count, tier) }
                  : { name: pool.name, size: pool.size, count: pool.count },
              )
            }
          />
          Autoscale
        </label>
        {onRemove && (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            Remove {title.toLowerCase()}
          </Button>
        )}
      </div>
      {autoscales && (
        <div className="mt-2 grid grid-cols-2 gap-4 sm:max-w-sm">
          <NumberField
            label="Minimum"
            value={pool.autoscaleMin!}
            min={0}
            onChange={(autoscaleMin) => onChange({ ...pool, autoscaleMin })}
            error={issue('autoscaleMin')}
          />
          <NumberField
            label="Maximum"
            value={pool.autoscaleMax!}
            min={1}
            max={tier?.maxNodes}
            onChange={(autoscaleMax) => onChange({ ...pool, autoscaleMax })}
            error={issue('autoscaleMax')}
          />
        </div>
      )}
    </fieldset>
  );
}
