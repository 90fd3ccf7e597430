// The metrics card's query, alone: `node --import tsx bench/cluster-metrics.ts` (PostgreSQL at
// TEST_DATABASE_URL; BENCH_SECONDS shortens the load). `npm run bench` runs it with the others.
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { devLogin, freePort, spawnServer } from '../apps/server/test/support/server-process.ts';
import { withDatabase } from './database.ts';
import { load, type LoadResult } from './load.ts';
import { latencyFigures } from './push-latency.ts';

/** The nodes of the measured cluster: the largest pool the card is drawn for in the aim. */
export const METERED_NODES = 50;
/** Sequential calls after a tenth as many warm-up calls. */
const CALLS = Number(process.env.BENCH_METRICS_CALLS ?? 300);

/**
 * A running Blue cluster of the demo organization with one pool of 50 ready nodes, made eight
 * days ago, written in SQL: the 7-day range has a sample at every point of every node. Nothing
 * else is seeded: the simulated provider generates the samples on each call (nothing is
 * stored), so what is measured is the two reads of the cluster and its nodes, generating 50 ×
 * 336 × 2 points and answering them (the response schema's check and JSON).
 */
async function seedCluster(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const made = await client.query<{ id: number }>(
      `with org as (select organization_id as id from users where username = 'demo'),
        tier as (select id from cluster_tiers where slug = 'blue'),
        version as (select minor, latest_patch from kubernetes_versions order by minor desc limit 1),
        cluster as (
          insert into clusters (organization_id, name, tier_id, provider, region,
                                kubernetes_version, kubernetes_patch, addons, status, node_count,
                                monthly_cost_cents, created_at, updated_at)
          select org.id, 'measured-' || to_char(now(), 'HH24MISS'), tier.id, 'alpenkube',
                 'eu-de-fra', version.minor, version.latest_patch, '["monitoring"]'::jsonb,
                 'running', $1, 750000, now() - interval '8 days', now()
            from org cross join tier cross join version
          returning id, name, kubernetes_patch, created_at),
        pool as (
          insert into cluster_node_pools (cluster_id, name, size, count, created_at)
          select id, 'general', 'm-4vcpu-16gb', $1, created_at from cluster
          returning id, cluster_id),
        cursor as (
          insert into metering_cursors (cluster_id, metered_through)
          select id, date_trunc('hour', now()) from cluster),
        nodes as (
          insert into cluster_nodes (cluster_id, pool_id, name, zone, status, version, created_at)
          select cluster.id, pool.id, cluster.name || '-general-' || lpad(n::text, 2, '0'),
                 'eu-de-fra-' || (array['a', 'b', 'c'])[1 + n % 3], 'ready',
                 cluster.kubernetes_patch, cluster.created_at
            from cluster join pool on pool.cluster_id = cluster.id
           cross join generate_series(1, $1::int) as n)
      select id from cluster`,
      [METERED_NODES],
    );
    return made.rows[0]!.id;
  } finally {
    await client.end();
  }
}

export interface MetricsFigures {
  load: LoadResult;
  sequential: { p50Ms: number; p99Ms: number; count: number; kilobytes: number };
}

/** One call at a time, timed from sending to the last byte. */
async function timeCalls(url: string, cookie: string) {
  let kilobytes = 0;
  const call = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`metrics: ${response.status} ${body}`);
    const answer = JSON.parse(body) as { nodes: { cpuMillis: (number | null)[] }[] };
    if (answer.nodes.length !== METERED_NODES || answer.nodes[0]!.cpuMillis[0] === null) {
      throw new Error('metrics: not 50 nodes with a full week');
    }
    kilobytes = Math.round(body.length / 1024);
    return ms;
  };
  for (let i = 0; i < Math.ceil(CALLS / 10); i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) samples.push(await call());
  return { ...latencyFigures(samples), kilobytes };
}

/**
 * `GET /api/clusters/:id/metrics?range=7d` of a 50-node cluster on PostgreSQL: 50 connections
 * for 10 s (the bench's load), then one call at a time.
 */
export async function clusterMetricsFigures(
  serverUrl: string,
  cookie: string,
  databaseUrl: string,
): Promise<MetricsFigures> {
  const id = await seedCluster(databaseUrl);
  const url = `${serverUrl}/api/clusters/${id}/metrics?range=7d`;
  const sequential = await timeCalls(url, cookie);
  const loaded = await load(
    `PostgreSQL GET /api/clusters/:id/metrics?range=7d (${METERED_NODES} nodes)`,
    url,
    { headers: { cookie } },
  );
  return { load: loaded, sequential };
}

export function printClusterMetrics(figures: MetricsFigures) {
  const { load: loaded, sequential } = figures;
  console.log(
    `\n| PostgreSQL metrics, 7 d of ${METERED_NODES} nodes (${sequential.kilobytes} KB) | req/s | p50 ms | p99 ms |`,
  );
  console.log('|---|---:|---:|---:|');
  console.log(
    `| one call at a time (${sequential.count}) | | ${sequential.p50Ms.toFixed(1)} | ${sequential.p99Ms.toFixed(1)} |`,
  );
  console.log(
    `| 50 connections, ${process.env.BENCH_SECONDS ?? 10} s | ${loaded.requestsPerSecond} | | ${loaded.p99Ms} |`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await withDatabase('postgres', async (env) => {
    const server = spawnServer({ ...env, PORT: String(await freePort()), LOG_LEVEL: 'warn' });
    await server.ready;
    try {
      return await clusterMetricsFigures(
        server.url,
        await devLogin(server.url, 'demo'),
        env.DATABASE_URL!,
      );
    } finally {
      await server.stop();
    }
  });
  printClusterMetrics(figures);
}
