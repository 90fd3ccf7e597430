import { useId, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { Label } from './label';
import { cn } from '@/lib/cn';

type FormFieldProps = {
  label: ReactNode;
  /** The validation or server error for this field; also marks the control aria-invalid. */
  error?: string | null;
  /** A short hint under the control, hidden while an error shows. */
  description?: ReactNode;
  className?: string;
  /** Exactly one control (Input, Textarea…); it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
};

export function FormField({ label, error, description, className, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? description;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Slot.Root
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
      >
        {children}
      </Slot.Root>
      {message ? (
        <p
          id={messageId}
          role={error ? 'alert' : undefined}
          className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
