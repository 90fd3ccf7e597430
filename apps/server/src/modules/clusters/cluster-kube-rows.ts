import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
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

/** The load balancers made for a cluster's LoadBalancer Services: listed as those services. */
export async function loadBalancersOfServices(db: DbOrTx, clusterId: number) {
  const rows = await db
    .select({ id: clusterKubeObjects.loadBalancerId })
    .from(clusterKubeObjects)
    .where(
      and(
        eq(clusterKubeObjects.clusterId, clusterId),
        isNotNull(clusterKubeObjects.loadBalancerId),
      ),
    );
  return new Set(rows.map((row) => row.id!));
}

const keyOf = (object: KubeManifest) => ({
  kind: object.kind,
  namespace: object.metadata.namespace ?? '',
  name: object.metadata.name,
});

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
  const key = keyOf(object);
  const [row] = await db
    .update(clusterKubeObjects)
    .set({ object, resourceVersion: nextVersion, ...links, updatedAt: new Date() })
    .where(
      and(
        eq(clusterKubeObjects.clusterId, clusterId),
        eq(clusterKubeObjects.kind, key.kind),
        eq(clusterKubeObjects.namespace, key.namespace),
        eq(clusterKubeObjects.name, key.name),
        eq(clusterKubeObjects.resourceVersion, Number(version)),
      ),
    )
    .returning();
  if (row) return row;
  throw new KubeRefusal(
    failure(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${object.kind} "${key.name}": the object has been modified; please apply your changes to the latest version and try again`,
    ),
  );
}

export async function deleteKubeObject(db: DbOrTx, clusterId: number, object: KubeManifest) {
  const key = keyOf(object);
  await db
    .delete(clusterKubeObjects)
    .where(
      and(
        eq(clusterKubeObjects.clusterId, clusterId),
        eq(clusterKubeObjects.kind, key.kind),
        eq(clusterKubeObjects.namespace, key.namespace),
        eq(clusterKubeObjects.name, key.name),
      ),
    );
}
