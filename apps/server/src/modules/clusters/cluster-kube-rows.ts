import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { failure, KubeRefusal, type KubeManifest } from '../kube-api/index.ts';
import { clusterKubeObjects } from './schema.ts';

/**
 * The rows of `cluster_kube_objects`: what clients wrote to a cluster's simulated Kubernetes API,
 * each write a new resourceVersion from one sequence, as the API server's single counter.
 */

export type KubeObjectRow = typeof clusterKubeObjects.$inferSelect;
/** The platform records an object stands for. */
export interface KubeLinks {
  volumeId: number | null;
  loadBalancerId: number | null;
}

const nextVersion = sql<number>`nextval('cluster_kube_objects_version_seq')`;

/** The object as the API answers it: its resourceVersion is the row's. */
export function manifestOf(row: KubeObjectRow): KubeManifest {
  const object = structuredClone(row.object) as unknown as KubeManifest;
  object.metadata.resourceVersion = String(row.resourceVersion);
  return object;
}

export function kubeObjectRows(db: DbOrTx, clusterId: number) {
  return db
    .select()
    .from(clusterKubeObjects)
    .where(eq(clusterKubeObjects.clusterId, clusterId))
    .orderBy(asc(clusterKubeObjects.id));
}

/**
 * The records made for a cluster's written objects: the load balancers of its LoadBalancer
 * Services (listed as those Services) and the volumes of its claims (bound to them).
 */
export async function kubeLinksOf(db: DbOrTx, clusterId: number) {
  const rows = await db
    .select({
      namespace: clusterKubeObjects.namespace,
      name: clusterKubeObjects.name,
      volumeId: clusterKubeObjects.volumeId,
      loadBalancerId: clusterKubeObjects.loadBalancerId,
    })
    .from(clusterKubeObjects)
    .where(
      and(
        eq(clusterKubeObjects.clusterId, clusterId),
        or(isNotNull(clusterKubeObjects.loadBalancerId), isNotNull(clusterKubeObjects.volumeId)),
      ),
    );
  return {
    loadBalancers: new Set(rows.flatMap((row) => row.loadBalancerId ?? [])),
    claims: new Map(
      rows.flatMap((row) =>
        row.volumeId ? [[row.volumeId, { namespace: row.namespace, name: row.name }] as const] : [],
      ),
    ),
  };
}

const keyOf = (object: KubeManifest) => ({
  kind: object.kind,
  namespace: object.metadata.namespace ?? '',
  name: object.metadata.name,
});

/** The row of that object in that cluster. */
const rowOf = (clusterId: number, object: KubeManifest) => {
  const key = keyOf(object);
  return and(
    eq(clusterKubeObjects.clusterId, clusterId),
    eq(clusterKubeObjects.kind, key.kind),
    eq(clusterKubeObjects.namespace, key.namespace),
    eq(clusterKubeObjects.name, key.name),
  );
};

export async function insertKubeObject(
  db: DbOrTx,
  clusterId: number,
  object: KubeManifest,
  links: KubeLinks,
): Promise<KubeObjectRow> {
  try {
    const [row] = await db
      .insert(clusterKubeObjects)
      .values({ clusterId, ...keyOf(object), object, resourceVersion: nextVersion, ...links })
      .returning();
    return row!;
  } catch (error) {
    if (uniqueViolation(error)?.constraint !== 'cluster_kube_objects_key') throw error;
    // Written at once by another request: the answer the API server gives the second one.
    throw new KubeRefusal(
      failure(409, 'AlreadyExists', `${object.kind} "${object.metadata.name}" already exists`),
    );
  }
}

/** Replaces the object if it is still at `version`; a 409 Conflict when it moved on. */
export async function updateKubeObject(
  db: DbOrTx,
  clusterId: number,
  version: string,
  object: KubeManifest,
  links: KubeLinks,
): Promise<KubeObjectRow> {
  const [row] = await db
    .update(clusterKubeObjects)
    .set({ object, resourceVersion: nextVersion, ...links, updatedAt: new Date() })
    .where(and(rowOf(clusterId, object), eq(clusterKubeObjects.resourceVersion, Number(version))))
    .returning();
  if (row) return row;
  throw new KubeRefusal(
    failure(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${object.kind} "${object.metadata.name}": the object has been modified; please apply your changes to the latest version and try again`,
    ),
  );
}

export async function deleteKubeObject(db: DbOrTx, clusterId: number, object: KubeManifest) {
  await db.delete(clusterKubeObjects).where(rowOf(clusterId, object));
}
