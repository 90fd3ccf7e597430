import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { ticketStatusLabels, type PublicTicket } from './public-ticket';

function when(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** A ticket's summary and its messages, oldest first. */
export function TicketThread({ ticket }: { ticket: PublicTicket }) {
  const closed = ticket.status === 'closed';
  return (
    <section aria-labelledby="ticket-subject" className="grid gap-5">
      <div>
        <p className="text-sm text-muted-foreground">
          Ticket {ticket.number} · opened {when(ticket.createdAt)}
        </p>
        <h2 id="ticket-subject" className="mt-1 text-xl font-semibold">
          {ticket.subject}
        </h2>
        <div className="mt-2 flex flex-wrap gap-2">
          <Badge
            variant={
              closed ? 'secondary' : ticket.status === 'awaiting_customer' ? 'warning' : 'success'
            }
            data-testid="ticket-status"
          >
            {ticketStatusLabels[ticket.status]}
          </Badge>
          <Badge variant="outline">{ticket.category}</Badge>
          <Badge variant="outline">severity {ticket.severity}</Badge>
        </div>
      </div>
      <ol className="grid gap-3">
        {ticket.messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              'rounded-xl border p-4 text-sm',
              m.author === 'support'
                ? 'border-primary/30 bg-primary/5'
                : 'border-border bg-background',
            )}
          >
            <p className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
              <span className="font-medium text-foreground">
                {m.author === 'support' ? (m.authorName ?? 'Alpenkube support') : 'You'}
              </span>
              <span>{when(m.createdAt)}</span>
            </p>
            <p className="mt-2 whitespace-pre-wrap">{m.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
