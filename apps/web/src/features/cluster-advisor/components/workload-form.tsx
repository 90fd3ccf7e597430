import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { FieldErrors } from '@/components/ui/use-schema-form';
import {
  availabilityChoices,
  dataLocationChoices,
  environmentChoices,
  type WorkloadFormValues,
} from '../workload';
import { choicesOf, RadioChoices } from './radio-choices';

const gpuChoices = choicesOf({
  no: { label: 'Not needed' },
  yes: { label: 'Needed', hint: 'Training or inference on GPUs.' },
});

/**
 * The questions about the workload; every answer changes the suggestion at once. Plain
 * controlled fields rather than react-hook-form: nothing is submitted, and the page stays
 * within its weight budget.
 */
export function WorkloadForm({
  values,
  errors,
  onChange,
  countries,
}: {
  values: WorkloadFormValues;
  /** The schema's first message per field, shown as soon as an answer is wrong. */
  errors: FieldErrors;
  onChange: (change: Partial<WorkloadFormValues>) => void;
  countries: { code: string; name: string }[];
}) {
  const needHint = useId();
  return (
    <form
      aria-label="Your workload"
      className="space-y-6"
      noValidate
      // Nothing to send: the suggestion follows the answers as they change.
      onSubmit={(event) => event.preventDefault()}
    >
      <RadioChoices
        legend="Environment"
        name="environment"
        value={values.environment}
        choices={choicesOf(environmentChoices)}
        onChange={(environment) => onChange({ environment })}
      />
      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2" aria-describedby={needHint}>
        <legend className="mb-2 text-sm font-semibold">What the workload needs in all</legend>
        <FormField label="CPU (vCPU)" error={errors.vcpu}>
          <Input
            name="vcpu"
            type="number"
            inputMode="numeric"
            min={1}
            value={values.vcpu}
            onChange={(event) => onChange({ vcpu: event.target.value })}
          />
        </FormField>
        <FormField label="Memory (GiB)" error={errors.memoryGib}>
          <Input
            name="memoryGib"
            type="number"
            inputMode="numeric"
            min={1}
            value={values.memoryGib}
            onChange={(event) => onChange({ memoryGib: event.target.value })}
          />
        </FormField>
        <p id={needHint} className="text-sm text-muted-foreground sm:col-span-2">
          Over every node together. A quarter more is added as headroom.
        </p>
      </fieldset>
      <RadioChoices
        legend="GPUs"
        name="gpu"
        value={values.gpu ? 'yes' : 'no'}
        choices={gpuChoices}
        onChange={(gpu) => onChange({ gpu: gpu === 'yes' })}
      />
      <div className="space-y-3">
        <RadioChoices
          legend="Where the data may live"
          name="dataLocation"
          value={values.dataLocation}
          choices={choicesOf(dataLocationChoices)}
          onChange={(dataLocation) => onChange({ dataLocation })}
          className="sm:grid-cols-3"
        />
        {values.dataLocation === 'country' ? (
          <FormField label="Country" error={errors.country} className="sm:max-w-xs">
            <NativeSelect
              name="country"
              value={values.country}
              onChange={(event) => onChange({ country: event.target.value })}
            >
              <option value="">Choose a country</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
      </div>
      <RadioChoices
        legend="Availability"
        name="availability"
        value={values.availability}
        choices={choicesOf(availabilityChoices)}
        onChange={(availability) => onChange({ availability })}
        className="sm:grid-cols-3"
      />
      <label className="flex items-start gap-2.5 text-sm">
        <Checkbox
          name="analytics"
          checked={values.analytics}
          onChange={(event) => onChange({ analytics: event.target.checked })}
          className="mt-0.5"
        />
        <span>
          <span className="font-medium">A data or analytics workload</span>
          <span className="block text-muted-foreground">
            Optional: Spark, Trino, stream processing or databases.
          </span>
        </span>
      </label>
    </form>
  );
}
