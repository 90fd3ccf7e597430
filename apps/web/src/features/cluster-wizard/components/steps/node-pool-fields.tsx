import { Trash2 } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { NodeSize, Tier } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormInputField } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useMoney } from '@/components/pricing/use-money';
import { autoscaleBounds } from '@/lib/catalog/cluster-config-rules';
import type { WizardValues } from '../../wizard-schema';
import { NumberInput } from '../number-input';

/** "4 vCPU, 16 GB memory, 100 GB disk, 1× NVIDIA L4" */
function sizeSpecs(size: NodeSize | undefined) {
  if (!size) return undefined;
  const gpu = size.gpu ? `, ${size.gpu.count}× ${size.gpu.model}` : '';
  return `${size.vcpu} vCPU, ${size.memoryGb} GB memory, ${size.diskGb} GB disk${gpu}`;
}

/** One node pool: its name, node size, count and autoscaling range. */
export function NodePoolFields({
  index,
  tier,
  canRemove,
  onRemove,
}: {
  index: number;
  tier: Tier;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const form = useFormContext<WizardValues>();
  const { control } = form;
  const { money } = useMoney();
  const pool = useWatch({ control, name: `nodePools.${index}` });
  const autoscales = pool.autoscaleMin !== undefined || pool.autoscaleMax !== undefined;

  const toggleAutoscale = (on: boolean) => {
    const bounds = autoscaleBounds(pool.count, tier);
    form.setValue(`nodePools.${index}.autoscaleMin`, on ? bounds.autoscaleMin : undefined);
    form.setValue(`nodePools.${index}.autoscaleMax`, on ? bounds.autoscaleMax : undefined);
  };

  return (
    <div className="relative rounded-xl border border-border p-4">
      <fieldset className="min-w-0 space-y-4">
        <legend className="pr-24 font-semibold">
          Node pool {index + 1}
          {pool.name ? (
            <span className="font-normal text-muted-foreground">: {pool.name}</span>
          ) : null}
        </legend>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormInputField
            control={control}
            name={`nodePools.${index}.name`}
            label="Pool name"
            render={(field) => <Input autoComplete="off" spellCheck={false} {...field} />}
          />
          <FormInputField
            control={control}
            name={`nodePools.${index}.size`}
            label="Node size"
            description={sizeSpecs(tier.nodeSizes.find((size) => size.name === pool.size))}
            render={(field) => (
              <NativeSelect {...field}>
                {tier.nodeSizes.map((size) => (
                  <option key={size.name} value={size.name}>
                    {size.name} · {money(size.priceMonthly)}/node/month
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormInputField
            control={control}
            name={`nodePools.${index}.count`}
            label="Nodes"
            render={({ value, onChange, ...field }) => (
              <NumberInput
                min={1}
                max={tier.maxNodes}
                value={value}
                onChange={onChange}
                {...field}
              />
            )}
          />
          <label className="flex items-center gap-2 text-sm font-medium sm:mt-[1.375rem] sm:h-9">
            <Checkbox
              checked={autoscales}
              onChange={(event) => toggleAutoscale(event.target.checked)}
            />
            Autoscale this pool
          </label>
          {autoscales ? (
            <>
              <FormInputField
                control={control}
                name={`nodePools.${index}.autoscaleMin`}
                label="Autoscale minimum"
                render={({ value, onChange, ...field }) => (
                  <NumberInput min={0} value={value} onChange={onChange} {...field} />
                )}
              />
              <FormInputField
                control={control}
                name={`nodePools.${index}.autoscaleMax`}
                label="Autoscale maximum"
                description="You pay for the node count; nodes added above it are billed by the hour."
                render={({ value, onChange, ...field }) => (
                  <NumberInput
                    min={1}
                    max={tier.maxNodes}
                    value={value}
                    onChange={onChange}
                    {...field}
                  />
                )}
              />
            </>
          ) : null}
        </div>
      </fieldset>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={!canRemove}
        onClick={onRemove}
        aria-label={`Remove node pool ${pool.name || index + 1}`}
        className="absolute top-3 right-3"
      >
        <Trash2 aria-hidden="true" /> Remove
      </Button>
    </div>
  );
}
