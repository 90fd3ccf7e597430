import { endpoints, type TicketCreated } from '@alpenkube/contract/endpoints';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { submitTicketSchema } from '@alpenkube/contract/public-forms';
import { ticketCategories, ticketSeverities } from '@alpenkube/contract/public-form-options';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import {
  FieldGrid,
  SelectField,
  TextField,
  TextareaField,
} from '@/components/lead-form/form-fields';
import { PublicForm } from '@/components/lead-form/public-form';
import { severityHints } from './severity-hints';

const categoryLabels: Record<(typeof ticketCategories)[number], string> = {
  technical: 'Technical: clusters, add-ons, the console',
  billing: 'Billing: invoices, charges, payments',
  sales: 'Sales: prices, contracts, offers',
};
/** Urgent is for plans with an urgent target: a visitor without an account has none. */
const publicSeverities = ticketSeverities.filter((s) => s !== 'urgent');

const loadSchema = () =>
  import('@alpenkube/contract/public-forms').then((m) => m.submitTicketSchema);

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
  const form = useLeadForm<typeof submitTicketSchema, TicketCreated>({
    schema: loadSchema,
    endpoint: endpoints.support.submitTicket,
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
  return (
    <PublicForm
      form={form}
      submitLabel="Submit the ticket"
      success={
        answer && {
          title: 'Ticket opened',
          resetLabel: 'Open another ticket',
          message: <TrackingCode answer={answer} email={String(form.values.email)} />,
        }
      }
    >
      <FieldGrid>
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
          options={publicSeverities.map((s) => ({ value: s, label: severityHints[s] }))}
        />
      </FieldGrid>
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
    </PublicForm>
  );
}

function TrackingCode({ answer, email }: { answer: TicketCreated; email: string }) {
  return (
    <>
      <p>Your tracking code{answer.number ? ` for ticket ${answer.number}` : ''} is</p>
      <p
        data-testid="tracking-code"
        className="my-3 font-mono text-2xl font-bold tracking-wider text-foreground"
      >
        {answer.trackingCode}
      </p>
      <p>
        We also sent it to {email}. Keep it to{' '}
        <Link
          className="text-primary underline"
          to={`${paths.trackTicket}?code=${encodeURIComponent(answer.trackingCode)}`}
        >
          track the ticket
        </Link>
        .
      </p>
    </>
  );
}
