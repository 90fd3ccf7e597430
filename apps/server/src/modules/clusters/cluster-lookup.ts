import type { AuditAction } from '@alpenkube/contract';
import { eq } from 'drizzle-orm';
import { catalogIssues, priceCluster, type Catalog } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusters } from './schema.ts';
import { invalidFields, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { KubeApiTls } from '../kube-api/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import type { ClusterActor } from './cluster-events.ts';
import type { ClusterBillingHooks, ClusterOrderHooks } from './cluster-hooks.ts';
import type { ClusterOperations } from './cluster-operations.ts';
import { configOf, type ClusterRow } from './cluster-records.ts';

/** What the cluster service's parts share: built once by `createClusterService`. */
export interface ClusterContext {
  deps: Pick<Infrastructure, 'db' | 'jobs' | 'sealer' | 'config'> & {
    catalog: CatalogService;
    providers: ProviderRegistry;
    kubeApiTls: KubeApiTls | null;
  } & { orderHooks: ClusterOrderHooks; billingHooks: ClusterBillingHooks };
  operations: ClusterOperations;
  /** The catalog in memory; read it before a transaction (the embedded database has one connection). */
  catalogNow: () => Promise<Catalog>;
}

export const actorOf = (user: SessionUser): ClusterActor => ({
  id: user.id,
  name: user.name ?? user.username,
});

/** The organization's cluster, locked for a change when asked; another organization's is a 404. */
export async function findCluster(db: DbOrTx, organizationId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(clusters)
    .where(inOrganization(clusters, organizationId, eq(clusters.id, id)));
  const [cluster] = lock ? await query.for('update') : await query;
  if (!cluster) throw notFound('Cluster not found');
  return cluster;
}

/** A person's change to a cluster, in the audit log, in the change's transaction. */
/**
 * A cluster a chore may change now, locked until the transaction ends: running, with nothing
 * under way, and not held by another instance's chore (skipped then, not waited for).
 */
export async function lockIdleRunning(tx: Tx, id: number): Promise<ClusterRow | null> {
  const [cluster] = await tx
    .select()
    .from(clusters)
    .where(eq(clusters.id, id))
    .for('update', { skipLocked: true });
  if (!cluster || cluster.status !== 'running' || cluster.operationKind !== null) return null;
  return cluster;
}

export function auditCluster(
  tx: Tx,
  actor: SessionUser,
  client: ClientInfo,
  clusterId: number,
  action: AuditAction,
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    action,
    outcome: 'success',
    actorUserId: actor.id,
    organizationId: actor.organizationId,
    targetType: 'cluster',
    targetId: clusterId,
    ip: client.ip,
    userAgent: client.userAgent,
    details,
  });
}

/** What the cluster costs a month, by the price engine, for the pools it has. */
export function monthlyCostOf(
  cluster: ClusterRow,
  pools: Parameters<typeof configOf>[1],
  catalog: Catalog,
) {
  return priceCluster({ ...configOf(cluster, pools, catalog), billingCycle: 'monthly' }, catalog)
    .monthly;
}

/**
 * A configuration after a change, checked against the catalog and by the provider's driver (its
 * quota, its capacity): a 400 naming the field otherwise. Issues about the pool the request is
 * about are named by the request's own fields (`count`, `size`), not `nodePools.2.count`.
 */
export function assertChangeAllowed(
  providers: ProviderRegistry,
  cluster: ClusterRow,
  pools: Parameters<typeof configOf>[1],
  catalog: Catalog,
  poolIndex?: number,
) {
  const config = configOf(cluster, pools, catalog);
  const issues = [
    ...catalogIssues(config, catalog),
    // The add-ons it has were checked when ordered: a provider withdrawing an app since then
    // takes nothing from a running cluster, and must not block its other changes.
    ...providers.driver(cluster.provider).validate({ ...config, addons: [] }, catalog),
  ].map((issue) =>
    poolIndex !== undefined && issue.path[0] === 'nodePools' && issue.path[1] === poolIndex
      ? { ...issue, path: issue.path.slice(2) }
      : issue,
  );
  if (issues.length) throw invalidFields(issues);
}

export function poolIn<P extends { id: number }>(pools: P[], poolId: number): P {
  const pool = pools.find((candidate) => candidate.id === poolId);
  if (!pool) throw notFound('Node pool not found');
  return pool;
}
