import type { LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  icon?: LucideIcon;
}

interface SegmentedControlProps<T extends string> {
  label: string;
  value: T;
  options: readonly SegmentOption<T>[];
  onValueChange: (value: T) => void;
}

/** A radio group drawn as segments: arrow keys move between options, as radios should. */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onValueChange,
}: SegmentedControlProps<T>) {
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      orientation="horizontal"
      className="inline-flex w-full rounded-lg bg-muted p-1 sm:w-auto"
    >
      {options.map(({ value: option, label: text, icon: Icon }) => (
        <RadioGroup.Item
          key={option}
          value={option}
          className="inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm sm:flex-none"
        >
          {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
          {text}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
