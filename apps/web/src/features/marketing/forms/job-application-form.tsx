import { endpoints } from '@alpenkube/contract/endpoints';
import { positions } from '../content/positions';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import {
  FieldGrid,
  SelectField,
  TextField,
  TextareaField,
} from '@/components/lead-form/form-fields';
import { PublicForm } from '@/components/lead-form/public-form';

const loadSchema = () =>
  import('@alpenkube/contract/public-forms').then((m) => m.jobApplicationSchema);

/** The application form's state; the careers page owns it so "Apply" buttons can preselect a position. */
export function useJobApplicationForm() {
  return useLeadForm({
    schema: loadSchema,
    endpoint: endpoints.publicForms.jobApplication,
    initial: { name: '', email: '', position: '', profileUrl: '', message: '', website: '' },
  });
}

/** Applies to an open position (POST /api/careers/apply). */
export function JobApplicationForm({ form }: { form: ReturnType<typeof useJobApplicationForm> }) {
  return (
    <PublicForm
      form={form}
      submitLabel="Send the application"
      success={{
        title: 'Application sent',
        resetLabel: 'Apply for another position',
        message:
          form.mutation.data?.message ??
          `Thank you. A confirmation is on its way to ${String(form.values.email)}; the hiring team answers every application within ten business days.`,
      }}
    >
      <FieldGrid>
        <TextField form={form} name="name" label="Your name" autoComplete="name" />
        <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      </FieldGrid>
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
    </PublicForm>
  );
}
