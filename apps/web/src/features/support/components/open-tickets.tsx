import { Link } from 'react-router';
import { ArrowRight, ChevronRight } from 'lucide-react';
import { TICKET_PAGE_MAX, type TicketSummary } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useTickets } from '../queries';
import { TicketStatusBadge } from './ticket-status-badge';

/** The dashboard shows this many open tickets; the rest are one link away. */
export const DASHBOARD_OPEN_TICKETS = 5;

const due = (ticket: TicketSummary) =>
  ticket.responseDueAt ? Date.parse(ticket.responseDueAt) : Number.POSITIVE_INFINITY;

/**
 * Tickets waiting on the support team, the soonest response target first, then those waiting
 * on the customer, the latest change first.
 */
export function byUrgency(waiting: TicketSummary[], answered: TicketSummary[]) {
  return [
    ...[...waiting].sort((a, b) => due(a) - due(b)),
    ...[...answered].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)),
  ];
}

const dueText = (ticket: TicketSummary) =>
  ticket.responseDueAt
    ? `Answer due ${new Date(ticket.responseDueAt).toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      })}`
    : 'Waiting for your reply';

/** The dashboard's card of the organization's open tickets, live through the ticket push. */
export function OpenTickets() {
  const page = { kind: 'ticket', limit: TICKET_PAGE_MAX } as const;
  const waiting = useTickets({ ...page, status: 'open' });
  const answered = useTickets({ ...page, status: 'awaiting_customer' });
  const error = waiting.error ?? answered.error;
  const all = waiting.data && answered.data ? byUrgency(waiting.data, answered.data) : undefined;
  const shown = all?.slice(0, DASHBOARD_OPEN_TICKETS);

  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0 p-4 sm:p-6">
        <div className="space-y-1.5">
          <h2 className="leading-none font-semibold tracking-tight">Open tickets</h2>
          <CardDescription>The soonest answer due first.</CardDescription>
        </div>
        <Link
          to={paths.supportOrders}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          All tickets
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent className="flex-1 p-4 pt-0 sm:p-6 sm:pt-0">
        {error ? (
          <QueryError
            title="The open tickets could not be loaded"
            error={error}
            onRetry={() => void Promise.all([waiting.refetch(), answered.refetch()])}
          />
        ) : !shown ? (
          <Spinner label="Loading open tickets…" className="py-6" />
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No open tickets.</p>
        ) : (
          <ul aria-label="Open tickets" className="divide-y rounded-xl border bg-card">
            {shown.map((ticket) => (
              <li key={ticket.id} data-testid="open-ticket">
                <Link
                  to={paths.supportOrder(ticket.id)}
                  className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-mono text-sm font-medium">{ticket.number}</span>
                      <TicketStatusBadge status={ticket.status} />
                    </div>
                    <p className="truncate text-sm">{ticket.subject}</p>
                    <p className="text-xs text-muted-foreground">{dueText(ticket)}</p>
                  </div>
                  <ChevronRight
                    className="size-4 shrink-0 text-muted-foreground"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {all && all.length > DASHBOARD_OPEN_TICKETS ? (
          <p className="mt-3 text-sm text-muted-foreground">
            {all.length} open; the {DASHBOARD_OPEN_TICKETS} most urgent are shown.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
