import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The browser's own checkbox in the theme's colour; put it inside or beside its label. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn('size-4 shrink-0 accent-[var(--primary)]', className)}
      {...props}
    />
  );
}
