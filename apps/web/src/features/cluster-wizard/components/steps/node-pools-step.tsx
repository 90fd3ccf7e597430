import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { Catalog } from '@alpenkube/contract/catalog';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import {
  addedPool,
  findTier,
  MAX_NODE_POOLS,
  nodeLimits,
} from '@/lib/catalog/cluster-config-rules';
import type { WizardValues } from '../../wizard-schema';
import { HaControlPlaneField } from './ha-control-plane-field';
import { NodePoolFields } from './node-pool-fields';

export function NodePoolsStep({ catalog }: { catalog: Catalog }) {
  const form = useFormContext<WizardValues>();
  const pools = useFieldArray({ control: form.control, name: 'nodePools' });
  const [tierSlug, values] = useWatch({ control: form.control, name: ['tier', 'nodePools'] });
  const tier = findTier(catalog, tierSlug);
  const total = values.reduce(
    (sum, pool) => sum + (Number.isFinite(pool.count) ? pool.count : 0),
    0,
  );
  const poolsError = form.formState.errors.nodePools;
  const totalError = poolsError?.root?.message ?? poolsError?.message;

  if (!tier) return <p className="text-sm text-muted-foreground">Choose a tier first.</p>;

  return (
    <div className="space-y-6">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {tier.name} takes {nodeLimits(tier)} in all. This configuration has{' '}
        <span className="font-medium text-foreground">{total}</span>.
      </p>
      <ul className="space-y-4" aria-label="Node pools">
        {pools.fields.map((pool, index) => (
          <li key={pool.id}>
            <NodePoolFields
              index={index}
              tier={tier}
              canRemove={pools.fields.length > 1}
              onRemove={() => pools.remove(index)}
            />
          </li>
        ))}
      </ul>
      <FieldError>{totalError}</FieldError>
      <Button
        type="button"
        variant="outline"
        disabled={pools.fields.length >= MAX_NODE_POOLS}
        onClick={() => pools.append(addedPool(form.getValues('nodePools'), tier))}
      >
        <Plus aria-hidden="true" /> Add node pool
      </Button>
      <HaControlPlaneField tier={tier} />
    </div>
  );
}
