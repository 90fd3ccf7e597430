import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, Loader2, TriangleAlert } from 'lucide-react';
import { Button, type ButtonProps } from './button';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';

const alertVariants = {
  error: {
    icon: CircleAlert,
    className: 'border-destructive/30 bg-destructive/5 text-destructive',
  },
  success: { icon: CircleCheck, className: 'border-success/30 bg-success/5 text-success' },
  info: { icon: Info, className: 'border-primary/25 bg-primary/5 text-foreground' },
  // Something the reader must act on now, which is not an error: a secret shown only once.
  warning: { icon: TriangleAlert, className: 'border-warning/50 bg-warning/10 text-foreground' },
} as const;

interface FormAlertProps {
  variant?: keyof typeof alertVariants;
  title?: string;
  children: ReactNode;
  className?: string;
}

/** An inline message in a form: the server's error, or what happened after a submit. */
export function FormAlert({ variant = 'error', title, children, className }: FormAlertProps) {
  const { icon: Icon, className: tone } = alertVariants[variant];
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

type SubmitButtonProps = ButtonProps & {
  pending: boolean;
  /** What the button says while the request runs, e.g. 'Signing in...'. */
  pendingText: string;
};

/** A form's submit button: disabled with a spinner while its request is pending. */
export function SubmitButton({ pending, pendingText, children, ...props }: SubmitButtonProps) {
  // In prerendered HTML the form cannot send anything yet: a native submission would put the
  // fields in the address. It works from the moment the page is live.
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={pending || !hydrated} aria-busy={pending} {...props}>
      {pending ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/**
 * A field's validation message, for controls FormField does not wrap (a checkbox with its label
 * beside it, a group of radios). Renders nothing without a message.
 */
export function FieldError({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children?: string;
}) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={cn('text-sm text-destructive', className)}>
      {children}
    </p>
  );
}
