import { endpoints } from '@alpenkube/contract/endpoints';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session/use-auth';
import { useQueueTicket, useTicketChange } from '../queries';
import { assignToMe, changeStaffStatus, postStaffMessage } from '../requests';
import { Conversation } from './conversation';
import { ReplyBox } from './reply-box';
import { StatusActions } from './status-actions';
import { TicketHeader } from './ticket-header';

/** One ticket as staff work it: take it, reply or note, change its status. */
export function StaffTicketPanel({ id }: { id: number }) {
  const ticket = useQueueTicket(id);
  const { user } = useAuth();
  const assign = useTicketChange(() => assignToMe(id), { staff: true });
  if (ticket.error) {
    return (
      <QueryError
        title="The ticket could not be loaded"
        error={ticket.error}
        onRetry={() => void ticket.refetch()}
      />
    );
  }
  if (!ticket.data) return <Spinner label="Loading the ticket…" className="min-h-[30dvh]" />;
  const t = ticket.data;
  const mine = user && t.assigneeName === (user.name || user.username);
  return (
    <section className="grid gap-5" aria-label={`Ticket ${t.number}`}>
      <TicketHeader ticket={t} viewer="staff" />
      <div className="flex flex-wrap items-start gap-3">
        {!mine ? (
          <Button size="sm" onClick={() => assign.mutate(undefined)} disabled={assign.isPending}>
            Assign to me
          </Button>
        ) : null}
        <StatusActions
          ticket={t}
          viewer="staff"
          change={(status) => changeStaffStatus(t.id, status)}
        />
      </div>
      <Conversation
        ticket={t}
        viewer="staff"
        attachmentHref={(file) => endpoints.support.staffAttachment.path(t.id, file)}
      />
      <ReplyBox
        viewer="staff"
        label="Reply to the customer"
        send={(data) => postStaffMessage(t.id, data)}
      />
    </section>
  );
}
