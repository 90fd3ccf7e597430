import { and, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { clusters } from '../clusters/schema.ts';
import { meteringCursors } from './schema.ts';

/**
 * The one rule of which clusters metering still has hours of before `bound`, as a subquery of
 * `id`, `organization_id`, `created_at` and `deleted_at` for the meter's pass, the billing
 * summary and the month-end close alike: not a cluster whose provisioning failed (nothing ran
 * that is paid by the hour), nor one metered up to its deletion, which would otherwise come
 * back at every pass of every instance, for ever.
 */
export function clustersDueForMetering(bound: Date): SQL {
  const due = and(
    ne(clusters.status, 'failed'),
    or(isNull(meteringCursors.meteredThrough), lt(meteringCursors.meteredThrough, bound)),
    or(
      isNull(clusters.deletedAt),
      isNull(meteringCursors.meteredThrough),
      lt(meteringCursors.meteredThrough, clusters.deletedAt),
    ),
  );
  return sql`select ${clusters.id} as id, ${clusters.organizationId} as organization_id,
      ${clusters.createdAt} as created_at, ${clusters.deletedAt} as deleted_at
    from ${clusters} left join ${meteringCursors} on ${meteringCursors.clusterId} = ${clusters.id}
    where ${due}`;
}
