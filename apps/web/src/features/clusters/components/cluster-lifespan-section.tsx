import { lazy, Suspense } from 'react';
import type { Cluster } from '@alpenkube/contract';
import { formatClusterDate } from '../cluster-status';
import { SectionCard } from './section-card';

const PreviewExpiry = lazy(() =>
  import('./preview-expiry').then((module) => ({ default: module.PreviewExpiry })),
);

/**
 * What ends or bills the cluster by itself: a sandbox's free trial and its idle deletion date
 * (moved by any use), a Dev/Test preview cluster's expiry, which can be set or removed.
 */
export function ClusterLifespanSection({
  cluster,
  canChange,
}: {
  cluster: Cluster;
  canChange: boolean;
}) {
  const preview = cluster.tier.slug === 'orange';
  if (!cluster.trialEndsAt && !cluster.idleDeletionAt && !preview) return null;
  return (
    <SectionCard title="Lifespan" description="What the platform does to this cluster by itself.">
      <dl className="space-y-3 text-sm">
        {cluster.trialEndsAt ? (
          <div>
            <dt className="font-medium">Free trial</dt>
            <dd className="text-muted-foreground" data-testid="trial-ends">
              Free until {formatClusterDate(cluster.trialEndsAt)}, then billed per hour of use.
            </dd>
          </div>
        ) : null}
        {cluster.idleDeletionAt ? (
          <div>
            <dt className="font-medium">Idle deletion</dt>
            <dd className="text-muted-foreground" data-testid="idle-deletion">
              Deleted on {formatClusterDate(cluster.idleDeletionAt)} if nobody uses it. A kubectl
              command or a change moves this date; notices come 7 days and 1 day before.
            </dd>
          </div>
        ) : null}
        {preview ? (
          <Suspense fallback={null}>
            <PreviewExpiry cluster={cluster} canChange={canChange} />
          </Suspense>
        ) : null}
      </dl>
    </SectionCard>
  );
}
