import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { submitTicketSchema, ticketCategories, ticketSeverities } from '@alpenkube/contract';
import { useLeadForm } from './use-lead-form';
import { HoneypotField, SelectField, TextField, TextareaField } from './form-fields';
import { FormError, FormSuccess, SubmitButton } from './form-status';

const categoryLabels: Record<(typeof ticketCategories)[number], string> = {
  technical: 'Technical: clusters, add-ons, the console',
  billing: 'Billing: invoices, charges, payments',
  sales: 'Sales: prices, contracts, offers',
};
const severityLabels: Record<(typeof ticketSeverities)[number], string> = {
  low: 'Low: feedback or a feature request',
  normal: 'Normal: a question, or a problem with a workaround',
  high: 'High: production degraded, no workaround',
  critical: 'Critical: production down or data at risk',
};

type SubmitAnswer = { trackingCode: string; number?: string; message?: string };

/**
 * Opens a ticket without an account (POST /api/public/tickets); the answer is a tracking code,
 * which the server also mails. Used by /submit-ticket and, preset, by the support pages.
 */
export function TicketForm({
  category = '',
  descriptionHint,
}: {
  category?: string;
  descriptionHint?: string;
}) {
  const form = useLeadForm<typeof submitTicketSchema, SubmitAnswer>({
    schema: submitTicketSchema,
    endpoint: '/api/public/tickets',
    initial: {
      email: '',
      name: '',
      category: category as never,
      severity: 'normal',
      subject: '',
      message: '',
      website: '',
    },
  });
  const answer = form.mutation.data;
  if (form.mutation.isSuccess && answer) {
    return (
      <FormSuccess title="Ticket opened" onReset={form.reset} resetLabel="Open another ticket">
        <p>Your tracking code{answer.number ? ` for ticket ${answer.number}` : ''} is</p>
        <p
          data-testid="tracking-code"
          className="my-3 font-mono text-2xl font-bold tracking-wider text-foreground"
        >
          {answer.trackingCode}
        </p>
        <p>
          We also sent it to {String(form.values.email)}. Keep it to{' '}
          <Link
            className="text-primary underline"
            to={`${paths.trackTicket}?code=${encodeURIComponent(answer.trackingCode)}`}
          >
            track the ticket
          </Link>
          .
        </p>
      </FormSuccess>
    );
  }
  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-5">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
        <TextField form={form} name="name" label="Name (optional)" autoComplete="name" />
        <SelectField
          form={form}
          name="category"
          label="Category"
          options={ticketCategories.map((c) => ({ value: c, label: categoryLabels[c] }))}
        />
        <SelectField
          form={form}
          name="severity"
          label="Severity"
          options={ticketSeverities.map((s) => ({ value: s, label: severityLabels[s] }))}
        />
      </div>
      <TextField form={form} name="subject" label="Subject" />
      <TextareaField
        form={form}
        name="message"
        label="Description"
        rows={8}
        description={
          descriptionHint ??
          'What you expected, what happened, when it started and any error message. Never paste passwords or kubeconfig files.'
        }
      />
      <HoneypotField form={form} />
      <FormError form={form} />
      <div>
        <SubmitButton form={form}>Submit the ticket</SubmitButton>
      </div>
    </form>
  );
}
