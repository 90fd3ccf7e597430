import type { Addon, ClusterStatus, ClusterSummary } from '@alpenkube/contract';

/** The statuses in which a cluster takes an add-on (the server's `change` statuses). */
export const addonReadyStatuses: readonly ClusterStatus[] = ['running', 'degraded'];

/** The clusters whose add-ons the page lists: those that run, or are applying a change. */
export const listedStatuses: readonly ClusterStatus[] = [...addonReadyStatuses, 'updating'];

/** Running clusters of a tier the add-on supports: where the add-on can be installed. */
export function clustersFor(addon: Addon, clusters: readonly ClusterSummary[]) {
  return clusters.filter(
    (cluster) =>
      addonReadyStatuses.includes(cluster.status) &&
      addon.compatibleTiers.includes(cluster.tier.slug),
  );
}

/** "per cluster" or "per node", and the cycle: how a catalog price reads. */
export const unitWords = (addon: Pick<Addon, 'unit'>, cycle: 'monthly' | 'yearly' = 'monthly') =>
  `/ ${addon.unit} / ${cycle === 'yearly' ? 'year' : 'month'}`;

/** "Dec 23, 2026" */
export const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
