import type { Order } from '@alpenkube/contract';
import { cn } from '@/lib/cn';
import { formatOrderDate, orderStatusDisplay } from '../order-status';

/** Oldest first; a stable sort keeps the server's order of two changes in the same instant. */
export function timelineInOrder(timeline: Order['timeline']) {
  return [...timeline].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** Every status change of the order with its time, as an ordered list. */
export function OrderTimeline({ timeline }: { timeline: Order['timeline'] }) {
  const events = timelineInOrder(timeline);
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">No status change recorded yet.</p>;
  }
  return (
    <ol aria-label="Order timeline" className="relative space-y-5 border-l border-border pl-5">
      {events.map((event, index) => {
        const latest = index === events.length - 1;
        return (
          <li
            key={`${event.status}-${event.at}-${index}`}
            className="relative"
            aria-current={latest ? 'step' : undefined}
            data-testid="timeline-event"
          >
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-1 -left-[1.5625rem] size-2.5 rounded-full ring-4 ring-card',
                latest ? 'bg-primary' : 'bg-muted-foreground/50',
              )}
            />
            <p className="text-sm font-medium">{orderStatusDisplay[event.status].label}</p>
            {event.note ? <p className="text-sm text-muted-foreground">{event.note}</p> : null}
            <time dateTime={event.at} className="text-xs text-muted-foreground">
              {formatOrderDate(event.at)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
