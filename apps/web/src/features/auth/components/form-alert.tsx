import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { cn } from '@/lib/cn';

const variants = {
  error: {
    icon: CircleAlert,
    className: 'border-destructive/30 bg-destructive/5 text-destructive',
  },
  success: { icon: CircleCheck, className: 'border-success/30 bg-success/5 text-success' },
  info: { icon: Info, className: 'border-primary/25 bg-primary/5 text-foreground' },
} as const;

interface FormAlertProps {
  variant?: keyof typeof variants;
  title?: string;
  children: ReactNode;
  className?: string;
}

/** An inline message in a form: the server's error, or what happened after a submit. */
export function FormAlert({ variant = 'error', title, children, className }: FormAlertProps) {
  const { icon: Icon, className: tone } = variants[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-3.5 py-3 text-sm', tone, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        {title ? <p className="font-medium">{title}</p> : null}
        <div className={cn(title && 'text-muted-foreground', 'break-words')}>{children}</div>
      </div>
    </div>
  );
}
