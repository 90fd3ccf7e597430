import { endpoints } from '@alpenkube/contract/endpoints';
import { useState } from 'react';
import type { ticketReplySchema } from '@alpenkube/contract/public-forms';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import { TextareaField } from '@/components/lead-form/form-fields';
import { PublicForm } from '@/components/lead-form/public-form';
import type { PublicTicket } from './public-ticket';

const loadSchema = () =>
  import('@alpenkube/contract/public-forms').then((m) => m.ticketReplySchema);

/** Lets the visitor answer a ticket found by code and e-mail; the server answers the updated ticket. */
export function TicketReplyForm({
  code,
  email,
  onReplied,
}: {
  code: string;
  email: string;
  onReplied: (ticket: PublicTicket) => void;
}) {
  const [sent, setSent] = useState(false);
  const form = useLeadForm<typeof ticketReplySchema, PublicTicket>({
    schema: loadSchema,
    endpoint: endpoints.support.replyToTicket,
    initial: { code, email, message: '' },
    onSuccess: (ticket) => {
      onReplied(ticket);
      form.setValue('message', '');
      setSent(true);
    },
  });
  return (
    <PublicForm
      form={form}
      submitLabel="Send reply"
      spamTrap={false}
      className="gap-4 border-t border-border pt-6"
    >
      <TextareaField
        form={form}
        name="message"
        label="Your reply"
        rows={5}
        onFocus={() => setSent(false)}
      />
      {sent && (
        <p role="status" className="text-sm text-success">
          Reply sent. The engineer on the ticket has been notified.
        </p>
      )}
    </PublicForm>
  );
}
