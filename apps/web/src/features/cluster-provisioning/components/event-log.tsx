import type { ClusterEvent } from '@alpenkube/contract';
import { AlertTriangle, CircleDot, Info, RotateCcw } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { newestFirst } from '../provisioning-state';

const kindLook: Record<ClusterEvent['kind'], { icon: typeof Info; tone: string }> = {
  status: { icon: CircleDot, tone: 'text-primary' },
  step: { icon: CircleDot, tone: 'text-success' },
  node: { icon: CircleDot, tone: 'text-success' },
  action: { icon: Info, tone: 'text-muted-foreground' },
  retry: { icon: RotateCcw, tone: 'text-warning' },
  error: { icon: AlertTriangle, tone: 'text-destructive' },
};

const timeOf = (at: string) =>
  new Date(at).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** What the provider did, newest first; pushed events join it as they happen. */
export function EventLog({ events }: { events: ClusterEvent[] | undefined }) {
  return (
    <section aria-labelledby="provisioning-events" className="space-y-3">
      <h2 id="provisioning-events" className="font-semibold tracking-tight">
        Event log
      </h2>
      {!events ? (
        <Spinner label="Loading the events…" className="py-4" />
      ) : events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <ol
          aria-label="Cluster events"
          // It scrolls: the keyboard must be able to scroll it too.
          tabIndex={0}
          className="max-h-96 space-y-2 overflow-y-auto rounded-lg border bg-muted/30 p-3"
        >
          {newestFirst(events).map((event) => {
            const look = kindLook[event.kind];
            const Icon = look.icon;
            return (
              <li
                key={event.id}
                className="flex gap-3 text-sm"
                data-testid="provisioning-event"
                data-kind={event.kind}
              >
                <Icon className={cn('mt-0.5 size-4 shrink-0', look.tone)} aria-hidden="true" />
                <span className="min-w-0 flex-1 break-words">{event.message}</span>
                <time
                  dateTime={event.at}
                  className="shrink-0 text-xs text-muted-foreground tabular-nums"
                >
                  {timeOf(event.at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
