import type { QueueTicket } from '@alpenkube/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { severityLabels } from '../ticket-labels';
import { ResponseTarget } from './tickets-table';
import { TicketStatusBadge } from './ticket-status-badge';

function columns(select: (id: number) => void): DataTableColumn<QueueTicket>[] {
  return [
    {
      id: 'number',
      header: 'Ticket',
      rowHeader: true,
      cell: (ticket) => (
        <button
          type="button"
          onClick={() => select(ticket.id)}
          className="text-left font-mono whitespace-nowrap text-primary underline-offset-4 hover:underline"
        >
          {ticket.number}
        </button>
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      cell: (ticket) => (
        <>
          <span className="block max-w-64 truncate">{ticket.subject}</span>
          <span className="block max-w-64 truncate text-xs text-muted-foreground">
            {ticket.anonymous ? `Anonymous · ${ticket.email}` : ticket.organizationName}
          </span>
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (ticket) => <TicketStatusBadge status={ticket.status} viewer="staff" />,
    },
    {
      id: 'severity',
      header: 'Severity',
      className: 'hidden sm:table-cell',
      cell: (ticket) => severityLabels[ticket.severity],
    },
    {
      id: 'target',
      header: 'Due',
      cell: (ticket) => <ResponseTarget ticket={ticket} />,
    },
    {
      id: 'assignee',
      header: 'Assignee',
      className: 'hidden md:table-cell',
      cell: (ticket) => ticket.assigneeName ?? <span className="text-muted-foreground">—</span>,
    },
  ];
}

/** The queue, soonest-missed target first; a row opens the ticket beside it. */
export function QueueTable({
  tickets,
  selected,
  onSelect,
}: {
  tickets: QueueTicket[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <DataTable
      caption="Support queue"
      columns={columns(onSelect)}
      rows={tickets}
      rowKey={(ticket) => ticket.id}
      rowProps={(ticket) => ({
        'data-ticket': ticket.number,
        className: cn(ticket.id === selected && 'bg-accent'),
      })}
    />
  );
}
