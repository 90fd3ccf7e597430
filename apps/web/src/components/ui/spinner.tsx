import type { ComponentProps } from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

type SpinnerProps = ComponentProps<'div'> & {
  /** Visible text beside the spinner; also what screen readers announce. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
};

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-8' } as const;

export function Spinner({ label, size = 'md', className, ...props }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center gap-3 text-muted-foreground', className)}
      {...props}
    >
      <Loader2 className={cn('animate-spin text-primary', sizes[size])} aria-hidden="true" />
      {label ? <span className="text-sm">{label}</span> : <span className="sr-only">Loading</span>}
    </div>
  );
}
