import { useState } from 'react';
import { PROMOTION_REASON_MAX, PROMOTION_REASON_MIN } from '@alpenkube/contract/members';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime, promotionDisplay } from '../labels';
import { useOwnPromotion, useMembersChange } from '../queries';
import { requestPromotion } from '../requests';

/** Settings › Become an admin: ask the organization's admins, and see their answer. */
export function PromotionRequestSection() {
  const own = useOwnPromotion(true);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const ask = useMembersChange(
    () => requestPromotion(reason.trim()),
    () => 'Your request was sent to your organization’s admins',
    () => setReason(''),
  );
  if (own.isPending) return <Spinner label="Loading your request…" className="py-4" />;
  const latest = own.data ?? null;
  const display = latest ? promotionDisplay[latest.status] : null;
  return (
    <div className="space-y-4" data-testid="promotion-request">
      {latest && display ? (
        <div className="space-y-1 rounded-lg border p-3 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            Your request of {formatDateTime(latest.createdAt)}
            <Badge variant={display.variant}>{display.label}</Badge>
          </p>
          {latest.decisionNote ? (
            <p className="text-muted-foreground">
              {latest.decidedBy ?? 'An admin'} wrote: {latest.decisionNote}
            </p>
          ) : null}
        </div>
      ) : null}
      {latest?.status === 'pending' ? null : (
        <form
          className="grid max-w-xl gap-3"
          aria-label="Ask to become an admin"
          onSubmit={(event) => {
            event.preventDefault();
            const length = reason.trim().length;
            if (length < PROMOTION_REASON_MIN) {
              setError(`Tell your admins why, in at least ${PROMOTION_REASON_MIN} characters.`);
              return;
            }
            setError(undefined);
            ask.mutate(undefined);
          }}
        >
          {ask.error ? <FormAlert>{ask.error.message}</FormAlert> : null}
          <FormField
            label="Why do you need admin rights?"
            error={error}
            description="Admins invite and approve people, change roles and set the organization's sign-in rules."
          >
            <Textarea
              name="reason"
              rows={3}
              maxLength={PROMOTION_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          <div>
            <SubmitButton pending={ask.isPending} pendingText="Sending…">
              Ask to become an admin
            </SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}
