import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The browser's own select, styled like Input; FormField gives it its id and aria attributes. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
