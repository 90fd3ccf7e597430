import { QueryError } from '@/components/page/query-state';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { useDataSubjectRequests } from '../queries';

/** The register of data-subject requests carried out, newest first. */
export function RequestsHistory() {
  const requests = useDataSubjectRequests();
  if (requests.error) {
    return (
      <QueryError
        title="The requests could not be loaded"
        error={requests.error}
        onRetry={() => void requests.refetch()}
      />
    );
  }
  if (!requests.data) return <Spinner label="Loading the requests…" />;
  if (requests.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No request carried out yet.</p>;
  }
  return (
    <ul className="divide-y rounded-xl border" aria-label="Past requests">
      {requests.data.map((request) => (
        <li key={request.id} className="space-y-1 px-4 py-3 text-sm" data-testid="request-row">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={request.kind === 'erasure' ? 'destructive' : 'secondary'}>
              {request.kind === 'erasure' ? 'Erasure' : 'Export'}
            </Badge>
            <span className="font-medium break-all">{request.subject.username}</span>
            <span className="text-muted-foreground">
              by {request.officer.username},{' '}
              {new Date(request.createdAt).toLocaleString(undefined, {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
            </span>
          </div>
          <p className="break-words text-muted-foreground">{request.reason}</p>
        </li>
      ))}
    </ul>
  );
}
