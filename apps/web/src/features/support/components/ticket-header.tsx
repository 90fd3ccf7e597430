import type { Ticket } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { categoryLabels, formatWhen, severityLabels } from '../ticket-labels';
import { ResponseTarget } from './tickets-table';
import { TicketStatusBadge } from './ticket-status-badge';

/** A ticket's number, subject, badges, response target and what it concerns. */
export function TicketHeader({ ticket, viewer }: { ticket: Ticket; viewer: 'customer' | 'staff' }) {
  // The customer's page is the ticket's; on the staff queue the page's h1 is the queue.
  const Heading = viewer === 'staff' ? 'h2' : 'h1';
  return (
    <header className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        Ticket <span className="font-mono">{ticket.number}</span> · opened{' '}
        {formatWhen(ticket.createdAt)}
        {viewer === 'staff' ? ` · ${ticket.email}` : ''}
      </p>
      <Heading className="text-2xl font-semibold tracking-tight break-words">
        {ticket.subject}
      </Heading>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <TicketStatusBadge status={ticket.status} viewer={viewer} />
        <Badge variant="outline">
          {ticket.kind === 'custom_solution' ? 'Custom solution' : categoryLabels[ticket.category]}
        </Badge>
        <Badge variant="outline">Severity {severityLabels[ticket.severity].toLowerCase()}</Badge>
        {ticket.assigneeName ? (
          <Badge variant="secondary">Handled by {ticket.assigneeName}</Badge>
        ) : null}
        <span className="text-muted-foreground">
          Response target: <ResponseTarget ticket={ticket} />
        </span>
      </div>
      {ticket.relatedCluster || ticket.relatedProduct ? (
        <p className="text-sm text-muted-foreground">
          About{' '}
          {[
            ticket.relatedCluster && `cluster ${ticket.relatedCluster.name}`,
            ticket.relatedProduct && `product ${ticket.relatedProduct.name}`,
          ]
            .filter(Boolean)
            .join(' and ')}
        </p>
      ) : null}
      {ticket.details ? (
        <dl className="grid gap-x-6 gap-y-1 rounded-xl border p-4 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Workload</dt>
          <dd>{ticket.details.workload}</dd>
          <dt className="text-muted-foreground">Scale</dt>
          <dd>{ticket.details.scale}</dd>
          <dt className="text-muted-foreground">Compliance</dt>
          <dd>{ticket.details.compliance.join(', ') || 'None named'}</dd>
          <dt className="text-muted-foreground">Budget</dt>
          <dd>{ticket.details.budget}</dd>
          <dt className="text-muted-foreground">Timeline</dt>
          <dd>{ticket.details.timeline}</dd>
        </dl>
      ) : null}
    </header>
  );
}
