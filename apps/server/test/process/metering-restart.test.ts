import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { UsageReport } from '@alpenkube/contract';
import { openDatabase } from '../../src/db/client.ts';
import { signInProcess, waitFor, type ProcessCaller } from '../support/cluster-process.ts';
import { freePort, spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, dropTestDatabases } from '../support/test-database.ts';

/** Clusters of the demo organization with a long history, written in SQL while it is down. */
const CLUSTERS = 12;
/** Long enough to span a month's end and many committed weeks, short enough to meter quickly. */
const DAYS = 40;
const HOUR = 3_600_000;

const started: ServerProcess[] = [];

async function startServer(env: Record<string, string>) {
  const server = spawnServer({ PORT: String(await freePort()), ...env });
  started.push(server);
  await server.ready;
  return server;
}

afterAll(async () => {
  await Promise.all(started.splice(0).map((server) => server.kill()));
});

/** Three nodes each, running (with an add-on) since DAYS days before the current hour. */
const seedSql = `
  with org as (select organization_id as id from users where username = 'demo'),
    tier as (select id from cluster_tiers where slug = 'blue'),
    version as (select minor, latest_patch from kubernetes_versions order by minor desc limit 1),
    made as (
      insert into clusters (organization_id, name, tier_id, provider, region, kubernetes_version,
                            kubernetes_patch, addons, status, node_count, monthly_cost_cents,
                            created_at, updated_at)
      select org.id, 'history-' || lpad(i::text, 2, '0'), tier.id, 'alpenkube', 'eu-de-fra',
             version.minor, version.latest_patch, '["monitoring"]'::jsonb, 'running', 3, 45000,
             date_trunc('hour', now()) - interval '${DAYS} days', now()
        from generate_series(1, ${CLUSTERS}) as i cross join org cross join tier cross join version
      returning id, name, created_at, kubernetes_patch),
    events as (
      insert into cluster_events (cluster_id, kind, status, message, created_at)
      select id, 'status', 'running', 'Cluster ' || name || ' is running', created_at from made
      returning id),
    pools as (
      insert into cluster_node_pools (cluster_id, name, size, count, created_at)
      select id, 'general', 'm-4vcpu-16gb', 3, created_at from made
      returning id, cluster_id)
  insert into cluster_nodes (cluster_id, pool_id, name, zone, status, version, created_at)
  select made.id, pools.id, made.name || '-general-' || n, 'eu-de-fra-' || n, 'ready',
         made.kubernetes_patch, made.created_at
    from made join pools on pools.cluster_id = made.id cross join generate_series(1, 3) as n`;

/** Per seeded cluster and metered metric: records, distinct hours, their span and node-hours. */
const hoursSql = `
  select c.name, c.created_at, m.metered_through, r.metric, count(*)::int as records,
         count(distinct r.hour)::int as hours, min(r.hour) as first, max(r.hour) as last,
         sum(r.quantity_milli)::bigint as quantity
    from clusters c join usage_records r on r.cluster_id = c.id
    left join metering_cursors m on m.cluster_id = c.id
   where c.name like 'history-%' and r.metric in ('control_plane_hours', 'node_hours')
   group by c.id, m.metered_through, r.metric order by c.name, r.metric`;

/** (cluster, metric, day) where the rollup differs from the sum of its hourly records. */
const rollupSql = `
  select coalesce(d.cluster_id, r.cluster_id) as cluster_id
    from usage_daily d
    full join (select cluster_id, metric, to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day,
                      sum(quantity_milli) as q, sum(billable_milli) as b, sum(cost_millicents) as c
                 from usage_records group by 1, 2, 3) r
      on r.cluster_id = d.cluster_id and r.metric = d.metric and r.day = d.day
   where d.quantity_milli is distinct from r.q or d.billable_milli is distinct from r.b
      or d.cost_millicents is distinct from r.c`;

/** (cluster, metric, month) where the monthly rollup differs from the cluster's days. */
const monthlySql = `
  select coalesce(m.cluster_id, d.cluster_id) as cluster_id
    from usage_monthly m
    full join (select cluster_id, metric, substr(day, 1, 7) as month, sum(quantity_milli) as q,
                      sum(billable_milli) as b, sum(cost_millicents) as c
                 from usage_daily group by 1, 2, 3) d
      on d.cluster_id = m.cluster_id and d.metric = m.metric and d.month = m.month
   where m.quantity_milli is distinct from d.q or m.billable_milli is distinct from d.b
      or m.cost_millicents is distinct from d.c`;

/** (organization, metric, day) where the organization's rollup differs from its clusters' days. */
const organizationDailySql = `
  select coalesce(o.organization_id, d.organization_id) as organization_id
    from usage_organization_daily o
    full join (select organization_id, metric, day, sum(quantity_milli) as q,
                      sum(billable_milli) as b, sum(cost_millicents) as c
                 from usage_daily group by 1, 2, 3) d
      on d.organization_id = o.organization_id and d.metric = o.metric and d.day = o.day
   where o.quantity_milli is distinct from d.q or o.billable_milli is distinct from d.b
      or o.cost_millicents is distinct from d.c`;

/** History clusters whose metering has not reached the hour under way. */
const behindSql = `
  select count(*) as count from clusters c left join metering_cursors m on m.cluster_id = c.id
   where c.name like 'history-%'
     and (m.metered_through is null or m.metered_through < date_trunc('hour', now()))`;

interface HourRow {
  name: string;
  created_at: Date;
  metered_through: Date | null;
  metric: string;
  records: number;
  hours: number;
  first: Date;
  last: Date;
  quantity: string;
}

/** The seeded clusters' node-hours as the API reports them, by cluster name. */
async function meteredNodeHours(caller: ProcessCaller): Promise<Map<string, number>> {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const report = await caller.get<UsageReport>(
    `/api/usage?from=${day(Date.now() - (DAYS + 2) * 86_400_000)}&to=${day(Date.now())}&groupBy=cluster`,
  );
  return new Map(
    report.rows
      .filter((row) => row.metric === 'node_hours' && row.clusterName?.startsWith('history-'))
      .map((row) => [row.clusterName!, row.quantity]),
  );
}

const fullHistory = DAYS * 24 * 3;

/**
 * Seeds the history while the server is down, starts it (metering starts at once), kills it with
 * SIGKILL once some clusters are metered and others not, starts it again, and waits for every
 * hour to be metered; then checks each hour is there once, and the rollups are the records' sums.
 */
async function killDuringMetering(
  env: Record<string, string>,
  run: (text: string) => Promise<unknown[]>,
) {
  // The first start migrates and writes the demo data; the history goes in while it is down.
  const first = await startServer(env);
  await first.stop();
  await run(seedSql);

  // Each committed week of a cluster logs a line at debug level: killed after 20 of the 12 × 6
  // weeks (and the demo clusters' few), in the middle of the next one.
  // Watched from its spawn: on the embedded database the catch-up may be well on before it listens.
  const second = spawnServer({ PORT: String(await freePort()), ...env, LOG_LEVEL: 'debug' });
  started.push(second);
  second.ready.catch(() => {});
  const weeks = () => second.output().split('"msg":"metered hours"').length - 1;
  await waitFor(
    'metering to be under way',
    async () => (weeks() >= 20 ? true : undefined),
    90_000,
    5,
  );
  await second.kill();
  // Killed in the middle: some history clusters are not caught up (the log lines also count
  // the demo clusters' weeks, so the database says it).
  const [behind] = (await run(behindSql)) as { count: string | number }[];
  expect(Number(behind!.count)).toBeGreaterThan(0);

  const third = await startServer(env);
  const again = await signInProcess(third.url, 'demo');
  await waitFor(
    'every hour to be metered',
    async () => {
      const metered = await meteredNodeHours(again);
      return metered.size === CLUSTERS && [...metered.values()].every((h) => h >= fullHistory)
        ? true
        : undefined;
    },
    150_000,
    250,
  );
  await third.stop();
  for (const server of [second, third]) expect(server.output()).not.toMatch(/metering.*failed/i);

  const rows = (await run(hoursSql)) as HourRow[];
  expect(rows).toHaveLength(CLUSTERS * 2);
  for (const row of rows) {
    const through = new Date(row.metered_through!);
    const expected = (through.getTime() - new Date(row.created_at).getTime()) / HOUR;
    expect(expected, row.name).toBeGreaterThanOrEqual(DAYS * 24);
    // Each hour from the first to the cursor, once: nothing lost, nothing twice.
    expect({ name: row.name, metric: row.metric, records: row.records, hours: row.hours }).toEqual({
      name: row.name,
      metric: row.metric,
      records: expected,
      hours: expected,
    });
    expect(new Date(row.first)).toEqual(new Date(row.created_at));
    expect(new Date(row.last).getTime()).toBe(through.getTime() - HOUR);
    const perHour = row.metric === 'node_hours' ? 3000 : 1000;
    expect(Number(row.quantity), row.name).toBe(perHour * expected);
  }
  expect(await run(rollupSql)).toEqual([]);
  expect(await run(monthlySql)).toEqual([]);
  expect(await run(organizationDailySql)).toEqual([]);
}

describe('metering killed with SIGKILL in the middle of a catch-up', () => {
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await Promise.all(started.splice(0).map((server) => server.kill()));
    if (databaseUrl) await dropTestDatabases(new URL(databaseUrl).pathname.slice(1));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on PostgreSQL, loses and doubles no hour after a restart', async () => {
    databaseUrl = await createTestDatabase();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await killDuringMetering({ DATABASE_URL: databaseUrl }, async (text) => {
        return (await client.query(text)).rows;
      });
    } finally {
      await client.end();
    }
  }, 300_000);

  it('on the embedded database, loses and doubles no hour after a restart', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-metering-'));
    const directory = dataDir;
    // PGlite is one process's: the test opens it only while no server runs on it.
    await killDuringMetering({ DATA_DIR: directory }, async (text) => {
      const database = await openDatabase({ dataDir: directory });
      try {
        return (await database.db.execute(sql.raw(text))).rows;
      } finally {
        await database.close();
      }
    });
  }, 300_000);
});
