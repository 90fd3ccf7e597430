import type { ClusterEvent, ClusterEventKind } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { clusterEvents, clusters } from './schema.ts';
import { publishPush } from '../realtime/index.ts';
import type { ClusterRow } from './cluster-records.ts';

/** Who asked for a change; null where the platform acts by itself. */
export interface ClusterActor {
  id: number;
  name: string;
}

type EventRow = typeof clusterEvents.$inferSelect;

export function toClusterEvent(row: EventRow): ClusterEvent {
  return {
    id: row.id,
    clusterId: row.clusterId,
    kind: row.kind,
    status: row.status,
    message: row.message,
    progress: row.progress,
    actor: row.actorName,
    at: row.createdAt.toISOString(),
  };
}

/**
 * Logs what happened to a cluster and pushes it, with the cluster's status and progress, to the
 * organization's pages when the transaction commits. An event of a step (`stepKey`) is written
 * once: the same step run again after a crash finds it there and logs nothing.
 */
export async function logClusterEvent(
  tx: DbOrTx,
  cluster: Pick<ClusterRow, 'id' | 'organizationId' | 'status'>,
  event: {
    kind: ClusterEventKind;
    message: string;
    progress?: number | null;
    actor?: ClusterActor | null;
    stepKey?: string;
  },
): Promise<ClusterEvent | null> {
  const [row] = await tx
    .insert(clusterEvents)
    .values({
      clusterId: cluster.id,
      kind: event.kind,
      status: cluster.status,
      message: event.message,
      progress: event.progress ?? null,
      actorUserId: event.actor?.id ?? null,
      actorName: event.actor?.name ?? null,
      stepKey: event.stepKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  // A person's change is a use of the cluster: an idle clock (the sandbox's) starts again.
  if (event.actor) {
    await tx
      .update(clusters)
      .set({ lastUsedAt: new Date(), idleNoticeDays: null })
      .where(and(eq(clusters.id, cluster.id), isNotNull(clusters.lastUsedAt)));
  }
  const logged = row ? toClusterEvent(row) : null;
  await announceCluster(tx, cluster, event.progress ?? null, logged);
  return logged;
}

export function announceCluster(
  tx: DbOrTx,
  cluster: Pick<ClusterRow, 'id' | 'organizationId' | 'status'>,
  progress: number | null,
  event: ClusterEvent | null,
) {
  return publishPush(
    tx,
    { organizationId: cluster.organizationId },
    {
      type: 'cluster',
      organizationId: cluster.organizationId,
      clusterId: cluster.id,
      status: cluster.status,
      progress,
      event,
    },
  );
}
