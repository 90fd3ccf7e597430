import { useState } from 'react';
import { Link } from 'react-router';
import { ticketStatuses, type TicketStatus } from '@alpenkube/contract';
import { PageHeading } from '@/components/page/page-heading';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { TicketsTable } from '../components/tickets-table';
import { useTickets } from '../queries';
import { statusDisplay } from '../ticket-labels';

/** /orders/support: the organization's tickets and custom-solution requests. */
export function SupportTicketsPage() {
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const tickets = useTickets(status ? { status } : {});
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading
        title="Support tickets"
        lead="Every ticket and custom-solution request of your organization, newest first."
      >
        <Button asChild>
          <Link to={paths.support}>Open a ticket</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.customSolutions}>Request a custom solution</Link>
        </Button>
      </PageHeading>
      <label className="flex max-w-xs items-center gap-2 text-sm">
        <span className="shrink-0 text-muted-foreground">Status</span>
        <NativeSelect
          value={status}
          onChange={(event) => setStatus(event.target.value as TicketStatus | '')}
        >
          <option value="">All</option>
          {ticketStatuses.map((s) => (
            <option key={s} value={s}>
              {statusDisplay[s].label}
            </option>
          ))}
        </NativeSelect>
      </label>
      {tickets.error ? (
        <QueryError
          title="The tickets could not be loaded"
          error={tickets.error}
          onRetry={() => void tickets.refetch()}
        />
      ) : !tickets.data ? (
        <Spinner label="Loading the tickets…" className="min-h-[30dvh]" />
      ) : tickets.data.length === 0 ? (
        <p className="rounded-xl border p-6 text-center text-muted-foreground">
          No tickets{status ? ' with this status' : ' yet'}.
        </p>
      ) : (
        <TicketsTable tickets={tickets.data} caption="Your organization's support tickets" />
      )}
    </div>
  );
}
