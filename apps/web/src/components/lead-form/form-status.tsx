import type { ReactNode } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form';
import type { LeadForm } from './use-lead-form';

/** The server's refusal, above the submit button. */
export function FormError({ form }: { form: LeadForm }) {
  if (!form.mutation.isError) return null;
  return (
    <FormAlert>
      {form.mutation.error?.message || 'The request failed.'} Your answers are kept; correct them or
      try again in a moment.
    </FormAlert>
  );
}

/** Replaces the form once the server has accepted it. */
export function FormSuccess({
  title,
  children,
  onReset,
  resetLabel = 'Send another request',
}: {
  title: string;
  children: ReactNode;
  onReset?: () => void;
  resetLabel?: string;
}) {
  return (
    <div
      role="status"
      className="rounded-2xl border border-success/40 bg-success/5 p-8 text-center"
    >
      <CheckCircle2 className="mx-auto size-10 text-success" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-semibold">{title}</h2>
      <div className="mt-2 text-muted-foreground">{children}</div>
      {onReset && (
        <Button variant="outline" className="mt-6" onClick={onReset}>
          {resetLabel}
        </Button>
      )}
    </div>
  );
}
