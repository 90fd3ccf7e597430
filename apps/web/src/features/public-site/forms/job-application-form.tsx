import { positions } from '../content/positions';
import { jobApplicationSchema } from '@alpenkube/contract';
import { useLeadForm } from './use-lead-form';
import { HoneypotField, SelectField, TextField, TextareaField } from './form-fields';
import { FormError, FormSuccess, SubmitButton } from './form-status';

/** The application form's state; the careers page owns it so "Apply" buttons can preselect a position. */
export function useJobApplicationForm() {
  return useLeadForm({
    schema: jobApplicationSchema,
    endpoint: '/api/careers/apply',
    initial: { name: '', email: '', position: '', profileUrl: '', message: '', website: '' },
  });
}

/** Applies to an open position (POST /api/careers/apply). */
export function JobApplicationForm({ form }: { form: ReturnType<typeof useJobApplicationForm> }) {
  if (form.mutation.isSuccess) {
    return (
      <FormSuccess
        title="Application sent"
        onReset={form.reset}
        resetLabel="Apply for another position"
      >
        {form.mutation.data?.message ??
          `Thank you. A confirmation is on its way to ${String(form.values.email)}; the hiring team answers every application within ten business days.`}
      </FormSuccess>
    );
  }
  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-5">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField form={form} name="name" label="Your name" autoComplete="name" />
        <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      </div>
      <SelectField
        form={form}
        name="position"
        label="Position"
        options={positions.map((p) => ({ value: p.id, label: p.title }))}
      />
      <TextField
        form={form}
        name="profileUrl"
        label="LinkedIn, GitHub or portfolio (optional)"
        type="url"
        placeholder="https://"
      />
      <TextareaField
        form={form}
        name="message"
        label="Why this position?"
        rows={6}
        description="A few lines about you and what you would like to work on. No cover-letter formalities needed."
      />
      <HoneypotField form={form} />
      <FormError form={form} />
      <div>
        <SubmitButton form={form}>Send the application</SubmitButton>
      </div>
    </form>
  );
}
