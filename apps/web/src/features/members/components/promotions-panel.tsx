import { useState } from 'react';
import type { PromotionRequest, PromotionStatus } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, personName, promotionDisplay } from '../labels';
import { useMembersChange, usePromotions } from '../queries';
import { approvePromotion, refusePromotion } from '../requests';
import { useOrganizationScope } from '../use-organization-scope';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** Members' requests to become admins: pending ones to answer, decided ones for the record. */
export function PromotionsPanel() {
  const { superAdmin, organizationId } = useOrganizationScope();
  const [status, setStatus] = useState<PromotionStatus | ''>('pending');
  const requests = usePromotions({ status: status || undefined, organizationId });
  return (
    <section aria-label="Promotion requests" className="space-y-4">
      <label className="flex max-w-xs items-center gap-2 text-sm">
        <span className="shrink-0 text-muted-foreground">Show</span>
        <NativeSelect
          value={status}
          onChange={(event) => setStatus(event.target.value as PromotionStatus | '')}
        >
          <option value="pending">Waiting for an answer</option>
          <option value="approved">Approved</option>
          <option value="refused">Refused</option>
          <option value="">All</option>
        </NativeSelect>
      </label>
      {requests.error ? (
        <QueryError
          title="The requests could not be loaded"
          error={requests.error}
          onRetry={() => void requests.refetch()}
        />
      ) : !requests.data ? (
        <Spinner label="Loading the requests…" className="py-8" />
      ) : requests.data.length === 0 ? (
        <p className="rounded-xl border p-6 text-center text-muted-foreground">
          No {status === 'pending' ? 'request waits for an answer' : 'requests here'}.
        </p>
      ) : (
        <ul className="grid gap-3">
          {requests.data.map((request) => (
            <PromotionCard key={request.id} request={request} showOrganization={superAdmin} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PromotionCard({
  request,
  showOrganization,
}: {
  request: PromotionRequest;
  showOrganization: boolean;
}) {
  const [refusing, setRefusing] = useState(false);
  const name = personName(request);
  const approve = useMembersChange(
    () => approvePromotion(request.id),
    () => `${name} is now an admin`,
  );
  const refuse = useMembersChange(
    (note: string) => refusePromotion(request.id, note),
    () => `${name}'s request was refused`,
    () => setRefusing(false),
  );
  const display = promotionDisplay[request.status];
  return (
    <li
      className="space-y-3 rounded-xl border bg-card p-4"
      data-testid={`promotion-${request.username}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium">{name}</p>
        <span className="text-sm break-all text-muted-foreground">{request.email}</span>
        <Badge variant={display.variant}>{display.label}</Badge>
      </div>
      <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-line">
        {request.reason}
      </blockquote>
      <p className="text-xs text-muted-foreground">
        Asked {formatDateTime(request.createdAt)}
        {showOrganization ? ` · ${request.organizationName}` : ''}
        {request.decidedAt
          ? ` · ${display.label} by ${request.decidedBy ?? 'a former admin'} on ${formatDateTime(request.decidedAt)}`
          : ''}
      </p>
      {request.decisionNote ? <p className="text-sm">Note: {request.decisionNote}</p> : null}
      {request.status === 'pending' ? (
        <div className="flex gap-2">
          <Button
            onClick={() => approve.mutate(undefined)}
            disabled={approve.isPending}
            aria-label={`Make ${name} an admin`}
          >
            Make admin
          </Button>
          <Button variant="outline" onClick={() => setRefusing(true)}>
            Refuse…
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={refusing}
        onOpenChange={setRefusing}
        title={`Refuse ${name}'s request?`}
        description="They stay a customer and read your note in their notifications."
        reasonLabel="Note to them"
        confirmLabel="Refuse"
        pendingText="Refusing…"
        pending={refuse.isPending}
        onConfirm={(note) => refuse.mutate(note)}
      />
    </li>
  );
}
