import { Link } from 'react-router';
import type { TicketSummary } from '@alpenkube/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { categoryLabels, formatWhen, severityLabels, timeLeft } from '../ticket-labels';
import { TicketStatusBadge } from './ticket-status-badge';

/** What the response target says for a row: time left, overdue, or whose turn it is. */
export function ResponseTarget({
  ticket,
}: {
  ticket: Pick<TicketSummary, 'responseDueAt' | 'status'>;
}) {
  const left = timeLeft(ticket.responseDueAt);
  if (left) {
    return (
      <span className={left.startsWith('overdue') ? 'font-medium text-destructive' : undefined}>
        {left}
      </span>
    );
  }
  return (
    <span className="text-muted-foreground">
      {ticket.status === 'awaiting_customer' ? 'Waiting for your reply' : '—'}
    </span>
  );
}

const columns: DataTableColumn<TicketSummary>[] = [
  {
    id: 'number',
    header: 'Ticket',
    rowHeader: true,
    cell: (ticket) => (
      <Link
        to={paths.supportOrder(ticket.id)}
        className="font-mono whitespace-nowrap text-primary underline-offset-4 hover:underline"
      >
        {ticket.number}
      </Link>
    ),
  },
  {
    id: 'subject',
    header: 'Subject',
    cell: (ticket) => (
      <>
        <span className="block max-w-72 truncate">{ticket.subject}</span>
        <span className="text-xs text-muted-foreground">
          {ticket.kind === 'custom_solution' ? 'Custom solution' : categoryLabels[ticket.category]}{' '}
          · {formatWhen(ticket.createdAt)}
        </span>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (ticket) => <TicketStatusBadge status={ticket.status} />,
  },
  {
    id: 'severity',
    header: 'Severity',
    className: 'hidden sm:table-cell',
    cell: (ticket) => severityLabels[ticket.severity],
  },
  {
    id: 'target',
    header: 'Response target',
    className: 'hidden md:table-cell',
    cell: (ticket) => <ResponseTarget ticket={ticket} />,
  },
];

/** The organization's tickets: number, subject, status, severity, time left on the target. */
export function TicketsTable({ tickets, caption }: { tickets: TicketSummary[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={tickets}
      rowKey={(ticket) => ticket.id}
      rowProps={(ticket) => ({ 'data-ticket': ticket.number })}
    />
  );
}
