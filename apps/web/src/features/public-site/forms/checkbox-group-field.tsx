import type { LeadForm } from './use-lead-form';

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
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
              className="size-4 accent-[var(--primary)]"
            />
            {option.label}
          </label>
        ))}
      </div>
      {form.errors[name] && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {form.errors[name]}
        </p>
      )}
    </fieldset>
  );
}
