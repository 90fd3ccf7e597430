import { useState } from 'react';
import type { Cluster } from '@alpenkube/contract';
import { PREVIEW_MAX_HOURS, PREVIEW_MIN_HOURS } from '@alpenkube/contract/pricing';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useToast } from '@/components/ui/use-toast';
import { formatClusterDate } from '../cluster-status';
import { useClusterChange } from '../queries';
import { updateClusterExpiry } from '../requests';

/** A Dev/Test cluster's expiry, set or removed: its own chunk, loaded for Dev/Test clusters only. */
export function PreviewExpiry({ cluster, canChange }: { cluster: Cluster; canChange: boolean }) {
  const { toast } = useToast();
  const [hours, setHours] = useState('24');
  const change = useClusterChange(
    (value: number | null) => updateClusterExpiry(cluster.id, value),
    {
      onSuccess: (updated) =>
        toast({
          variant: 'success',
          title: updated.expiresAt ? 'Expiry set' : 'Expiry removed',
          description: updated.expiresAt
            ? `Deleted on ${formatClusterDate(updated.expiresAt)}.`
            : 'The cluster is kept until you delete it.',
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'The expiry did not change',
          description: error.message,
        }),
    },
  );
  const count = Number(hours);
  const valid = Number.isInteger(count) && count >= PREVIEW_MIN_HOURS && count <= PREVIEW_MAX_HOURS;
  return (
    <div>
      <dt className="font-medium">Preview expiry</dt>
      <dd className="space-y-2 text-muted-foreground">
        <p data-testid="preview-expiry">
          {cluster.expiresAt
            ? `Deleted on ${formatClusterDate(cluster.expiresAt)}.`
            : 'No expiry: kept until deleted.'}
        </p>
        {canChange ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (valid) change.mutate(count);
            }}
          >
            <div className="space-y-1">
              <Label htmlFor="expiry-hours">Hours from now</Label>
              <Input
                id="expiry-hours"
                inputMode="numeric"
                className="w-28"
                value={hours}
                aria-invalid={!valid}
                onChange={(event) => setHours(event.target.value)}
              />
            </div>
            <Button type="submit" size="sm" disabled={!valid || change.isPending}>
              Set expiry
            </Button>
            {cluster.expiresAt ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={change.isPending}
                onClick={() => change.mutate(null)}
              >
                Keep it
              </Button>
            ) : null}
          </form>
        ) : null}
      </dd>
    </div>
  );
}
