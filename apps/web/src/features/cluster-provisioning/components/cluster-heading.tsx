import type { Cluster } from '@alpenkube/contract';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const statusVariant: Record<Cluster['status'], BadgeProps['variant']> = {
  ordered: 'secondary',
  provisioning: 'warning',
  running: 'success',
  updating: 'warning',
  degraded: 'warning',
  deleting: 'secondary',
  deleted: 'secondary',
  failed: 'destructive',
};

/** The cluster being built: its name and status, and what was ordered in one line. */
export function ClusterHeading({ cluster }: { cluster: Cluster }) {
  return (
    <header className="space-y-1.5 border-b pb-6">
      <p className="text-sm font-medium text-primary">Provisioning</p>
      <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight sm:text-3xl">
        <span className="min-w-0 break-all">{cluster.name}</span>
        <Badge
          variant={statusVariant[cluster.status]}
          className="capitalize"
          data-testid="provisioning-status"
          data-status={cluster.status}
        >
          {cluster.status}
        </Badge>
      </h1>
      <p className="text-muted-foreground">
        {cluster.tier.name} · {cluster.provider.name} · {cluster.region.city},{' '}
        {cluster.region.country} · Kubernetes {cluster.kubernetesVersion}
      </p>
    </header>
  );
}
