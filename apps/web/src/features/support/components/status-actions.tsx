import type { Ticket, TicketStatus } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form';
import { useTicketChange } from '../queries';
import { formatWhen, statusActionLabels } from '../ticket-labels';

/** The status changes the server says the viewer may make now (its `nextStatuses`). */
export function StatusActions({
  ticket,
  change,
  viewer,
}: {
  ticket: Ticket;
  change: (status: TicketStatus) => Promise<Ticket>;
  viewer: 'customer' | 'staff';
}) {
  const mutation = useTicketChange(change, { staff: viewer === 'staff' });
  const settled = ticket.status === 'resolved' || ticket.status === 'closed';
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {ticket.nextStatuses.map((status) => (
          <Button
            key={status}
            variant={status === 'open' ? 'default' : 'outline'}
            size="sm"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(status)}
          >
            {statusActionLabels[status]}
          </Button>
        ))}
      </div>
      {viewer === 'customer' && settled && ticket.reopenUntil ? (
        <p className="text-xs text-muted-foreground">
          {ticket.nextStatuses.includes('open')
            ? `You can reopen it until ${formatWhen(ticket.reopenUntil)}.`
            : 'It can no longer be reopened: open a new ticket and mention its number.'}
        </p>
      ) : null}
      {mutation.error ? <FormAlert>{mutation.error.message}</FormAlert> : null}
    </div>
  );
}
