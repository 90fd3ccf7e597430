import { useSearchParams } from 'react-router';
import { ticketStatuses, type QueueQuery, type TicketStatus } from '@alpenkube/contract';
import { PageHeading } from '@/components/page/page-heading';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { parseRowId } from '@/lib/row-id';
import { QueueTable } from '../components/queue-table';
import { StaffTicketPanel } from '../components/staff-ticket-panel';
import { useQueue } from '../queries';
import { statusDisplay } from '../ticket-labels';

const PAGE = 50;

/** /admin/support-queue: every ticket for the support team (super admins), due soonest first. */
export function SupportQueuePage() {
  const [search, setSearch] = useSearchParams();
  const status = (search.get('status') ?? '') as TicketStatus | '';
  const assignee = search.get('assignee') ?? '';
  const offset = Number(search.get('offset') ?? 0) || 0;
  const selected = parseRowId(search.get('ticket'));
  const query: QueueQuery = {
    ...(status ? { status } : {}),
    ...(assignee ? { assignee } : {}),
    limit: PAGE,
    ...(offset ? { offset } : {}),
  };
  const queue = useQueue(query);
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'ticket' && name !== 'offset') next.delete('offset');
    setSearch(next, { replace: name === 'ticket' });
  };

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <PageHeading
        title="Support queue"
        lead="Every ticket, signed in or anonymous: the soonest-missed response target first."
      />
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <span className="text-muted-foreground">Status</span>
          <NativeSelect value={status} onChange={(e) => set('status', e.target.value)}>
            <option value="">All</option>
            {ticketStatuses.map((s) => (
              <option key={s} value={s}>
                {statusDisplay[s].staffLabel}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="flex items-center gap-2">
          <span className="text-muted-foreground">Assignee</span>
          <NativeSelect value={assignee} onChange={(e) => set('assignee', e.target.value)}>
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="none">Nobody</option>
          </NativeSelect>
        </label>
      </div>
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-3">
          {queue.error ? (
            <QueryError
              title="The queue could not be loaded"
              error={queue.error}
              onRetry={() => void queue.refetch()}
            />
          ) : !queue.data ? (
            <Spinner label="Loading the queue…" className="min-h-[30dvh]" />
          ) : (
            <>
              <QueueTable
                tickets={queue.data.tickets}
                selected={selected}
                onSelect={(id) => set('ticket', String(id))}
              />
              <div className="flex items-center justify-between text-sm text-muted-foreground">
                <span>
                  {queue.data.total === 0
                    ? 'No tickets'
                    : `${offset + 1}–${offset + queue.data.tickets.length} of ${queue.data.total}`}
                </span>
                <span className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={offset === 0}
                    onClick={() => set('offset', String(Math.max(0, offset - PAGE)))}
                  >
                    Previous
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={offset + PAGE >= queue.data.total}
                    onClick={() => set('offset', String(offset + PAGE))}
                  >
                    Next
                  </Button>
                </span>
              </div>
            </>
          )}
        </div>
        <div className="min-w-0">
          {selected ? (
            <StaffTicketPanel key={selected} id={selected} />
          ) : (
            <p className="rounded-xl border p-6 text-center text-sm text-muted-foreground">
              Choose a ticket to read and answer it.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
