import type { ClusterEvent } from '@alpenkube/contract';
import { AlertTriangle, CircleDot, Info, RotateCcw, Server, UserRound } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatClusterDate } from '../cluster-status';
import { SectionCard } from './section-card';

const kindLook: Record<ClusterEvent['kind'], { icon: typeof Info; tone: string }> = {
  status: { icon: CircleDot, tone: 'text-primary' },
  step: { icon: CircleDot, tone: 'text-success' },
  node: { icon: Server, tone: 'text-success' },
  action: { icon: UserRound, tone: 'text-muted-foreground' },
  retry: { icon: RotateCcw, tone: 'text-warning' },
  error: { icon: AlertTriangle, tone: 'text-destructive' },
};

/**
 * What happened to the cluster, newest first, so the step under way is on top; pushed events
 * join it as they happen (the push handler appends them to the cached log).
 */
export function ClusterEvents({ events }: { events: ClusterEvent[] | undefined }) {
  return (
    <SectionCard title="Events" description="Every step, change and status, newest first.">
      {!events ? (
        <Spinner label="Loading the events…" className="py-4" />
      ) : events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <ol
          aria-label="Cluster events"
          className="max-h-[28rem] space-y-3 overflow-y-auto pr-1"
          tabIndex={0}
        >
          {[...events]
            .sort((a, b) => b.id - a.id)
            .map((event) => {
              const { icon: Icon, tone } = kindLook[event.kind];
              return (
                <li
                  key={event.id}
                  className="flex gap-3 text-sm"
                  data-testid="cluster-event"
                  data-kind={event.kind}
                >
                  <Icon className={cn('mt-0.5 size-4 shrink-0', tone)} aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="break-words">{event.message}</p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={event.at}>{formatClusterDate(event.at)}</time>
                      {event.actor ? ` · ${event.actor}` : ''}
                      {event.progress !== null ? ` · ${event.progress}%` : ''}
                    </p>
                  </div>
                </li>
              );
            })}
        </ol>
      )}
    </SectionCard>
  );
}
