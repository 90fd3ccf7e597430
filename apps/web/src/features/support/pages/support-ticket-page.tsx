import { Link, useParams } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { endpoints } from '@alpenkube/contract/endpoints';
import { QueryError } from '@/components/page/query-state';
import { RoleGate } from '@/components/page/role-gate';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/http';
import { parseRowId } from '@/lib/row-id';
import { Conversation } from '../components/conversation';
import { ReplyBox } from '../components/reply-box';
import { StatusActions } from '../components/status-actions';
import { TicketHeader } from '../components/ticket-header';
import { useTicket } from '../queries';
import { changeTicketStatus, replyToTicket } from '../requests';

/** /orders/support/:id: the conversation, replies, files, status; staff answers arrive live. */
export function SupportTicketPage() {
  const id = parseRowId(useParams().id);
  const ticket = useTicket(id ?? 0);

  let body;
  if (id === null || (ticket.error instanceof HttpError && ticket.error.status === 404)) {
    body = (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-semibold tracking-tight">Ticket not found</h1>
        <p className="text-muted-foreground">
          There is no such ticket among your organization’s tickets.
        </p>
      </div>
    );
  } else if (ticket.error) {
    body = (
      <QueryError
        title="The ticket could not be loaded"
        error={ticket.error}
        onRetry={() => void ticket.refetch()}
      />
    );
  } else if (!ticket.data) {
    body = <Spinner label="Loading the ticket…" className="min-h-[40dvh]" />;
  } else {
    const t = ticket.data;
    body = (
      <div className="grid gap-6">
        <TicketHeader ticket={t} viewer="customer" />
        <RoleGate level="signedIn" reach="support:write">
          <StatusActions
            ticket={t}
            viewer="customer"
            change={(status) => changeTicketStatus(t.id, status)}
          />
        </RoleGate>
        <Conversation
          ticket={t}
          viewer="customer"
          attachmentHref={(file) => endpoints.support.attachment.path(t.id, file)}
        />
        {t.status === 'closed' ? (
          <p className="rounded-xl border p-4 text-sm text-muted-foreground">
            This ticket is closed. Reopen it to write again
            {t.nextStatuses.includes('open') ? '' : ', or open a new ticket and mention its number'}
            .
          </p>
        ) : (
          <RoleGate level="signedIn" reach="support:write">
            <ReplyBox viewer="customer" send={(data) => replyToTicket(t.id, data)} />
          </RoleGate>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <Link
        to={paths.supportOrders}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Support tickets
      </Link>
      {body}
    </div>
  );
}
