import { endpoints } from '@alpenkube/contract/endpoints';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import type { trackTicketSchema } from '@alpenkube/contract/public-forms';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import { FieldGrid, TextField } from '@/components/lead-form/form-fields';
import { PublicForm } from '@/components/lead-form/public-form';
import { FormPageLayout } from '@/components/page/form-page-layout';
import type { PublicTicket } from '@/features/support/public-ticket';
import { TicketThread } from '@/features/support/ticket-thread';
import { TicketReplyForm } from '@/features/support/ticket-reply-form';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const loadSchema = () =>
  import('@alpenkube/contract/public-forms').then((m) => m.trackTicketSchema);

/** The tracking code and the e-mail show the ticket and its replies, and let the visitor reply. */
export function TrackTicketPage() {
  useRouteMeta('/track-ticket');
  const [params] = useSearchParams();
  const [ticket, setTicket] = useState<PublicTicket | null>(null);
  const form = useLeadForm<typeof trackTicketSchema, PublicTicket>({
    schema: loadSchema,
    endpoint: endpoints.support.lookupTicket,
    initial: { code: params.get('code') ?? '', email: '' },
    onSuccess: setTicket,
  });
  const code = String(form.values.code).trim().toUpperCase();
  const email = String(form.values.email).trim();

  return (
    <FormPageLayout
      eyebrow="Support"
      title="Track a ticket"
      lead="Enter the tracking code from your confirmation e-mail and the address you used to read the answers and reply."
      aside={
        <section>
          <h2>Lost the code?</h2>
          <p className="mt-2">
            Search your inbox for “Alpenkube ticket”. If it is gone,{' '}
            <Link className="text-primary underline" to={paths.submitTicket}>
              open a new ticket
            </Link>{' '}
            and mention the old subject: we will merge them.
          </p>
        </section>
      }
    >
      <div className="grid gap-8">
        <PublicForm form={form} submitLabel="Show the ticket" spamTrap={false}>
          <FieldGrid>
            <TextField
              form={form}
              name="code"
              label="Tracking code"
              autoComplete="off"
              className="font-mono"
            />
            <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
          </FieldGrid>
        </PublicForm>
        {ticket && (
          <>
            <TicketThread ticket={ticket} />
            {ticket.status === 'closed' ? (
              <p className="text-sm text-muted-foreground">
                This ticket is closed.{' '}
                <Link className="text-primary underline" to={paths.submitTicket}>
                  Open a new one
                </Link>{' '}
                and mention {ticket.number} if the problem is back.
              </p>
            ) : (
              <TicketReplyForm
                key={ticket.number}
                code={code}
                email={email}
                onReplied={setTicket}
              />
            )}
          </>
        )}
      </div>
    </FormPageLayout>
  );
}
