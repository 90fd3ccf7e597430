import { useFormContext, useWatch } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, FormInputField } from '@/components/ui/hook-form';
import type { AutoscaleValues } from './pool-schemas';
import { NumberInput } from './number-input';

/** A pool form's autoscaling: the switch, and both limits while it is on. */
export function AutoscaleFields({ maxNodes }: { maxNodes: number | undefined }) {
  const { control } = useFormContext<AutoscaleValues>();
  const on = useWatch({ control, name: 'on' });
  return (
    <>
      <FormField
        control={control}
        name="on"
        render={({ field: { value, onChange, ...field } }) => (
          <label className="flex items-center gap-2 text-sm font-medium">
            <Checkbox
              checked={value}
              onChange={(event) => onChange(event.target.checked)}
              {...field}
            />
            Autoscale this pool
          </label>
        )}
      />
      {on ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInputField
            control={control}
            name="autoscaleMin"
            label="Minimum nodes"
            render={({ value, onChange, ...field }) => (
              <NumberInput min={0} value={value} onChange={onChange} {...field} />
            )}
          />
          <FormInputField
            control={control}
            name="autoscaleMax"
            label="Maximum nodes"
            render={({ value, onChange, ...field }) => (
              <NumberInput min={1} max={maxNodes} value={value} onChange={onChange} {...field} />
            )}
          />
        </div>
      ) : null}
    </>
  );
}
