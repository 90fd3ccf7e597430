import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

const WHOLE = /^[0-9]{1,4}$/;

/**
 * A whole-number input that reports only whole numbers: while the text is not one (cleared to
 * type another), the last number stays priced and the field says what it needs. A new value
 * from outside (the tier's limits) replaces the text.
 */
export function NumberField({
  label,
  value,
  onChange,
  error,
  min,
  max,
  className,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  min?: number;
  max?: number;
  className?: string;
}) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  const readable = WHOLE.test(text);
  return (
    <FormField
      label={label}
      error={readable ? error : 'Enter a whole number'}
      className={className}
    >
      <Input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (WHOLE.test(next)) {
            setShown(Number(next));
            onChange(Number(next));
          }
        }}
      />
    </FormField>
  );
}
