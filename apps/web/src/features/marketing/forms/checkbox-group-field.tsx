import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/form';
import type { LeadForm } from '@/components/lead-form/use-lead-form';

/** Several checkboxes feeding one array field (e.g. the compliance needs of a quote). */
export function CheckboxGroupField({
  form,
  name,
  legend,
  options,
}: {
  form: LeadForm;
  name: string;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const selected = Array.isArray(form.values[name]) ? (form.values[name] as string[]) : [];
  function toggle(value: string, on: boolean) {
    form.setValue(name, on ? [...selected, value] : selected.filter((v) => v !== value));
  }
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm">
            <Checkbox
              name={name}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError className="mt-2">{form.errors[name]}</FieldError>
    </fieldset>
  );
}
