import { Badge } from '@/components/ui/badge';

/** An event as a log shows it: who is already a name to read (a username, "system"…). */
export interface AuditRowView {
  id: number;
  at: string;
  actor: string;
  /** The officers' log names the organization; an organization's own log leaves it out. */
  organization?: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** `key: value` pairs joined by spaces, so a narrow column wraps between them, not inside. */
const detailsText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

/**
 * The events as a table on wide screens and as cards on a phone: nine columns cannot fit a
 * phone's width without hiding what a reader looks for first.
 */
export function AuditTable({
  events,
  withOrganization = false,
}: {
  events: AuditRowView[];
  withOrganization?: boolean;
}) {
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">No event matches this filter.</p>;
  }
  return (
    <>
      <ul className="space-y-2 md:hidden" aria-label="Audit events">
        {events.map((event) => (
          <li
            key={event.id}
            className="space-y-1 rounded-lg border p-3 text-sm"
            data-testid="audit-row"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <code className="font-medium break-all">{event.action}</code>
              <Outcome outcome={event.outcome} />
            </div>
            <p className="text-muted-foreground">{when(event.at)}</p>
            <p className="break-words">
              {event.actor}
              {event.organization ? ` · ${event.organization}` : ''}
            </p>
            {event.targetType ? (
              <p className="text-muted-foreground">
                {event.targetType} {event.targetId}
              </p>
            ) : null}
            {event.ip ? <p className="text-muted-foreground">{event.ip}</p> : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border md:block">
        <table className="w-full text-left text-sm" aria-label="Audit events">
          <thead className="bg-muted/50 text-muted-foreground">
            <tr>
              {[
                'When',
                'Actor',
                ...(withOrganization ? ['Organization'] : []),
                'Action',
                'Target',
                'Outcome',
                'From',
                'Details',
              ].map((title) => (
                <th key={title} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} className="border-t align-top" data-testid="audit-row">
                <td className="px-3 py-2 whitespace-nowrap">{when(event.at)}</td>
                <td className="px-3 py-2">{event.actor}</td>
                {withOrganization ? (
                  <td className="min-w-40 px-3 py-2">{event.organization ?? ''}</td>
                ) : null}
                <td className="px-3 py-2">
                  <code>{event.action}</code>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {event.targetType ? `${event.targetType} ${event.targetId ?? ''}` : ''}
                </td>
                <td className="px-3 py-2">
                  <Outcome outcome={event.outcome} />
                </td>
                <td className="px-3 py-2" title={event.userAgent ?? undefined}>
                  {event.ip ?? ''}
                </td>
                <td className="max-w-sm min-w-56 px-3 py-2 break-words text-muted-foreground">
                  {detailsText(event.details)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Outcome({ outcome }: { outcome: AuditRowView['outcome'] }) {
  return (
    <Badge variant={outcome === 'success' ? 'success' : 'destructive'}>
      {outcome === 'success' ? 'Success' : 'Failure'}
    </Badge>
  );
}
