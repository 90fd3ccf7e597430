import type { ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled select of catalog entries. A value the catalog does not list (from an old or
 * edited link) stays selected as its own option, so the field shows what is priced and the
 * schema's message beside it, instead of silently showing the first option.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
  error,
  description,
  className,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string;
  description?: ReactNode;
  className?: string;
}) {
  const known = options.some((option) => option.value === value);
  return (
    <FormField label={label} error={error} description={description} className={className}>
      <NativeSelect value={value} onChange={(event) => onChange(event.target.value)}>
        {!known && <option value={value}>{value || '(none)'} (not available)</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
