import { sql } from 'drizzle-orm';
import { coalescedProbe } from '../../lib/coalesced-probe.ts';
import type { Database, Db, DbOrTx } from '../../db/client.ts';
import { roleAllows, type ActorRole, type ActorStatus } from '@alpenkube/contract/permissions';
import { versionSummarySchema, type VersionSummary } from '@alpenkube/contract';
import type { AppConfig } from '../../config.ts';
import { APP_VERSION } from '../../version.ts';
import { databaseHealth } from './database-health.ts';

/** What the footer shows: fixed for the life of the process. */
export function versionSummary(appEnv: AppConfig['appEnv']): VersionSummary {
  return versionSummarySchema.parse({
    displayVersion: `v${APP_VERSION}`,
    version: APP_VERSION,
    environment: appEnv,
  });
}

const NOTHING_YET = { clusters: 0, orders: { total: 0 } };

/** How many of something an organization has, counted by the module that owns it. */
export type OrganizationCount = (db: DbOrTx, organizationId: number) => Promise<number>;

/**
 * What the sidebar counts: the clusters and orders modules' counts, given by the composition
 * root (both modules depend on this one, which cannot import them).
 */
export interface SidebarCounters {
  clusters: OrganizationCount;
  orders: OrganizationCount;
}

type Member = { organizationId: number; status: ActorStatus; role: ActorRole };

/**
 * A member whose request to join still waits for an admin sees nothing of the organization, and
 * a member counts only what their role reaches (a billing member: no clusters).
 */
async function sidebarCounts(db: Db, counters: SidebarCounters, member: Member) {
  if (member.status !== 'active') return NOTHING_YET;
  const { organizationId, role } = member;
  const count = (area: 'clusters' | 'orders') =>
    roleAllows(role, 'read', area) ? counters[area](db, organizationId) : 0;
  const clusters = await count('clusters');
  const orders = await count('orders');
  return { clusters, orders: { total: orders } };
}

/** How stale the health answer may be: load balancers poll it, one query a second serves them all. */
const HEALTH_PROBE_MS = 1000;

/** The platform's own answers: the sidebar's counts and whether the database answers. */
export function createPlatformService(deps: {
  db: Db;
  database: Pick<Database, 'activity'>;
  counters: SidebarCounters;
}) {
  const { db } = deps;
  return {
    sidebarCounts: (member: Member) => sidebarCounts(db, deps.counters, member),
    /** `ok` when the database answered a query within the last second (`database-health.ts`). */
    databaseHealth: databaseHealth(
      coalescedProbe(() => db.execute(sql`select 1`), HEALTH_PROBE_MS),
      deps.database.activity,
    ),
  };
}
export type PlatformService = ReturnType<typeof createPlatformService>;
