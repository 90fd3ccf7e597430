import { useState } from 'react';
import { ticketReplySchema } from '@alpenkube/contract';
import { useLeadForm } from './use-lead-form';
import { TextareaField } from './form-fields';
import { FormError, SubmitButton } from './form-status';
import type { PublicTicket } from './public-ticket';

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
    schema: ticketReplySchema,
    endpoint: '/api/public/tickets/reply',
    initial: { code, email, message: '' },
    onSuccess: (ticket) => {
      onReplied(ticket);
      form.setValue('message', '');
      setSent(true);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit}
      className="grid gap-4 border-t border-border pt-6"
    >
      <TextareaField
        form={form}
        name="message"
        label="Your reply"
        rows={5}
        onFocus={() => setSent(false)}
      />
      <FormError form={form} />
      {sent && (
        <p role="status" className="text-sm text-success">
          Reply sent. The engineer on the ticket has been notified.
        </p>
      )}
      <div>
        <SubmitButton form={form}>Send reply</SubmitButton>
      </div>
    </form>
  );
}
