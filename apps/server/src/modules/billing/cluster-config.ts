import type { ClusterOrderConfig } from '@alpenkube/contract';

/**
 * What a period prepaid, lowered to what the cluster has now: each paid pool keeps at most the
 * nodes its pool (same name and size) still counts, a pool gone is dropped, and so is an add-on
 * no longer installed. Never raised: nodes above the paid count are metered by the hour.
 */
export function lowerPaidConfig(
  paid: ClusterOrderConfig,
  now: ClusterOrderConfig,
): ClusterOrderConfig {
  return {
    ...paid,
    nodePools: paid.nodePools
      .map((pool) => {
        const current = now.nodePools.find(
          (candidate) => candidate.name === pool.name && candidate.size === pool.size,
        );
        return { ...pool, count: Math.min(pool.count, current?.count ?? 0) };
      })
      .filter((pool) => pool.count > 0),
    addons: paid.addons.filter((slug) => now.addons.includes(slug)),
  };
}

/** What changed between two paid configurations, in words: "pool general 3 → 2 nodes". */
export function describeLowering(before: ClusterOrderConfig, after: ClusterOrderConfig): string {
  const parts: string[] = [];
  for (const pool of before.nodePools) {
    const left = after.nodePools.find((candidate) => candidate.name === pool.name)?.count ?? 0;
    if (left === 0) parts.push(`pool ${pool.name} removed`);
    else if (left < pool.count) parts.push(`pool ${pool.name} ${pool.count} → ${left} nodes`);
  }
  for (const slug of before.addons) {
    if (!after.addons.includes(slug)) parts.push(`add-on ${slug} removed`);
  }
  return parts.join(', ');
}
