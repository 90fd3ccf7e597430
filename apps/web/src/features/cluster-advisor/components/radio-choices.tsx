import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface RadioChoice<Value extends string> {
  value: Value;
  label: string;
  hint?: string;
}

/**
 * One question with its answers as native radios in a fieldset: the legend names the group for
 * a screen reader, and the arrow keys move between the answers.
 */
export function RadioChoices<Value extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  className,
}: {
  legend: string;
  name: string;
  value: Value;
  choices: readonly RadioChoice<Value>[];
  onChange: (value: Value) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className={cn('grid gap-2 sm:grid-cols-2', className)}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-lg border border-border bg-background px-3 py-2.5 text-sm transition-colors hover:border-primary/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                checked && 'border-primary bg-primary/5 ring-1 ring-primary',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                // Named by the answer alone; the hint describes it.
                aria-label={choice.label}
                aria-describedby={choice.hint ? `${id}-${choice.value}` : undefined}
                className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
              />
              <span className="min-w-0">
                <span className="block font-medium">{choice.label}</span>
                {choice.hint ? (
                  <span
                    id={`${id}-${choice.value}`}
                    className="block text-xs text-muted-foreground"
                  >
                    {choice.hint}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A record of choices in words (`{ production: { label, hint } }`) as the list RadioChoices takes. */
export function choicesOf<Value extends string>(
  words: Record<Value, { label: string; hint?: string }>,
): RadioChoice<Value>[] {
  return (Object.keys(words) as Value[]).map((value) => ({ value, ...words[value] }));
}
