import type { ClusterEvent } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { clusterStatusDisplay, formatClusterDate } from '../cluster-status';

/** The events a status timeline tells: each change of status, and each failure. */
export function statusEvents(events: readonly ClusterEvent[]) {
  return events
    .filter((event) => event.kind === 'status' || event.kind === 'error')
    .sort((a, b) => a.id - b.id);
}

/** The cluster's status changes and failures, oldest first, as a vertical timeline. */
export function StatusTimeline({ events }: { events: readonly ClusterEvent[] }) {
  const shown = statusEvents(events);
  if (shown.length === 0) {
    return <p className="text-sm text-muted-foreground">No status change recorded yet.</p>;
  }
  return (
    <ol aria-label="Status timeline" className="relative space-y-6 border-l border-border pl-6">
      {shown.map((event, index) => {
        const latest = index === shown.length - 1;
        const error = event.kind === 'error';
        return (
          <li
            key={event.id}
            className="relative"
            aria-current={latest ? 'step' : undefined}
            data-testid="status-event"
            data-kind={event.kind}
          >
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-1 -left-[1.8125rem] size-3 rounded-full ring-4 ring-background',
                error ? 'bg-destructive' : latest ? 'bg-primary' : 'bg-muted-foreground/50',
              )}
            />
            <p className="flex items-center gap-2 text-sm font-semibold">
              {clusterStatusDisplay[event.status].label}
              {error ? <Badge variant="destructive">Error</Badge> : null}
            </p>
            <p className={cn('text-sm', error ? 'text-destructive' : 'text-foreground')}>
              {event.message}
            </p>
            <p className="mt-0.5 text-xs text-muted-foreground">
              <time dateTime={event.at}>{formatClusterDate(event.at)}</time> ·{' '}
              {event.actor ? `by ${event.actor}` : 'by the platform'}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
