import { useId, type ReactNode, type Ref } from 'react';
import { FieldError } from '@/components/ui/form';
import { cn } from '@/lib/cn';

/**
 * A group of radio cards (or checkboxes) under one legend, with a hint and the field's error
 * under it: the native fieldset, so a screen reader names the group and arrow keys move inside.
 */
export function ChoiceGroup({
  legend,
  legendHidden = false,
  description,
  error,
  className,
  children,
}: {
  legend: string;
  /** The step's heading already says it: the legend stays for screen readers only. */
  legendHidden?: boolean;
  description?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, description ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <fieldset aria-describedby={describedBy} className="min-w-0 space-y-3">
      <legend className={legendHidden ? 'sr-only' : 'mb-3 text-sm font-semibold'}>{legend}</legend>
      {description ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <div className={className}>{children}</div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** One choice of a ChoiceGroup, drawn as a card that shows when it is chosen. */
export function ChoiceCard({
  type = 'radio',
  name,
  value,
  checked,
  disabled,
  invalid,
  onChange,
  inputRef,
  children,
  className,
}: {
  type?: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  invalid?: boolean;
  onChange: (checked: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-card p-4 transition-colors hover:border-primary/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'border-primary bg-primary/5 ring-1 ring-primary',
        disabled && 'cursor-not-allowed opacity-60 hover:border-border',
        className,
      )}
    >
      <input
        ref={inputRef}
        type={type}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}
