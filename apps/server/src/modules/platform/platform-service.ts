import { ne, sql } from 'drizzle-orm';
import { coalescedProbe } from '../../lib/coalesced-probe.ts';
import { clusters } from '../clusters/schema.ts';
import { orders } from '../orders/schema.ts';
import type { Db } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import type { ActorStatus } from '@alpenkube/contract/permissions';
import { versionSummarySchema, type VersionSummary } from '@alpenkube/contract';
import type { AppConfig } from '../../config.ts';
import { APP_VERSION } from '../../version.ts';

/** What the footer shows: fixed for the life of the process. */
export function versionSummary(appEnv: AppConfig['appEnv']): VersionSummary {
  return versionSummarySchema.parse({
    displayVersion: `v${APP_VERSION}`,
    version: APP_VERSION,
    environment: appEnv,
  });
}

const NOTHING_YET = { clusters: 0, orders: { total: 0 } };

/** A member whose request to join still waits for an admin sees nothing of the organization. */
async function sidebarCounts(db: Db, member: { organizationId: number; status: ActorStatus }) {
  if (member.status !== 'active') return NOTHING_YET;
  const { organizationId } = member;
  const [clusterCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clusters)
    .where(inOrganization(clusters, organizationId, ne(clusters.status, 'deleted')));
  const [orderCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inOrganization(orders, organizationId));
  return { clusters: clusterCount?.count ?? 0, orders: { total: orderCount?.count ?? 0 } };
}

/** How stale the health answer may be: load balancers poll it, one query a second serves them all. */
const HEALTH_PROBE_MS = 1000;

/** The platform's own answers: the sidebar's counts and whether the database answers. */
export function createPlatformService(deps: { db: Db }) {
  const { db } = deps;
  return {
    sidebarCounts: (member: { organizationId: number; status: ActorStatus }) =>
      sidebarCounts(db, member),
    /** True when the database answered a query within the last second. */
    databaseAnswers: coalescedProbe(() => db.execute(sql`select 1`), HEALTH_PROBE_MS),
  };
}
export type PlatformService = ReturnType<typeof createPlatformService>;
