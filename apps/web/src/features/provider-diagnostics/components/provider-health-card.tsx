import type { ReactNode } from 'react';
import type { ProviderHealth } from '@alpenkube/contract';
import { RefreshCw } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

const healthDisplay: Record<
  ProviderHealth['status'],
  { label: string; variant: BadgeProps['variant'] }
> = {
  operational: { label: 'Operational', variant: 'success' },
  degraded: { label: 'Degraded', variant: 'warning' },
  down: { label: 'Down', variant: 'destructive' },
};

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="space-y-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** The driver's own report on itself: status, how fast it answered, and what it says. */
export function ProviderHealthCard({
  health,
  refreshing,
  onRefresh,
}: {
  health: ProviderHealth;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { label, variant } = healthDisplay[health.status];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 p-4 sm:p-6">
        <div className="space-y-1.5">
          <h2 className="flex flex-wrap items-center gap-2 leading-none font-semibold tracking-tight">
            Driver health
            <Badge variant={variant} data-testid="provider-health-status">
              {label}
            </Badge>
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="provider-health-message">
            {health.message}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
          Check again
        </Button>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Fact term="Latency">
            <span data-testid="provider-latency">{health.latencyMs} ms</span>
          </Fact>
          <Fact term="Control plane">{health.controlPlaneTime}</Fact>
          <Fact term="Driver">{health.simulated ? 'Simulated' : 'Provider API'}</Fact>
          <Fact term="Checked">
            <time dateTime={health.checkedAt}>
              {new Date(health.checkedAt).toLocaleTimeString()}
            </time>
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}
