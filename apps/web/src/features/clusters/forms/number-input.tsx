import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

type NumberInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type'> & {
  value: number | null | undefined;
  /** NaN while the field is empty or unreadable, which the form's schema names. */
  onChange: (value: number) => void;
};

/** A whole-number field holding a number in the form, not the text typed. */
export function NumberInput({ value, onChange, ...props }: NumberInputProps) {
  return (
    <Input
      type="number"
      inputMode="numeric"
      step={1}
      value={value === undefined || value === null || Number.isNaN(value) ? '' : value}
      onChange={(event) =>
        onChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber)
      }
      {...props}
    />
  );
}
