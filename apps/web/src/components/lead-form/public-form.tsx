import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/ui/form';
import { cn } from '@/lib/cn';
import { HoneypotField } from './form-fields';
import { FormError, FormSuccess } from './form-status';
import type { LeadForm } from './use-lead-form';

/** What replaces the form once the server accepts it. */
export interface FormSuccessContent {
  title: string;
  message: ReactNode;
  resetLabel?: string;
}

/**
 * A public form as every page shows it: the fields, the spam trap, the server's refusal and the
 * submit button; with `success`, a confirmation replaces it all once the server accepts it.
 */
export function PublicForm({
  form,
  submitLabel,
  success,
  spamTrap = true,
  footnote,
  className,
  children,
}: {
  form: LeadForm;
  submitLabel: string;
  success?: FormSuccessContent;
  /** Off for forms that only look something up and so tempt no bot. */
  spamTrap?: boolean;
  /** A small print line under the submit button. */
  footnote?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  if (success && form.mutation.isSuccess) {
    return (
      <FormSuccess title={success.title} onReset={form.reset} resetLabel={success.resetLabel}>
        {success.message}
      </FormSuccess>
    );
  }
  return (
    <form {...form.formProps} className={cn('grid gap-5', className)}>
      {children}
      {spamTrap && <HoneypotField form={form} />}
      <FormError form={form} />
      <div>
        <SubmitButton
          pending={form.mutation.isPending}
          pendingText="Sending…"
          size="lg"
          className="w-full sm:w-auto"
        >
          {submitLabel}
        </SubmitButton>
      </div>
      {footnote && <p className="text-xs text-muted-foreground">{footnote}</p>}
    </form>
  );
}
