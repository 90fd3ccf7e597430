// The metrics card's query, alone: `node --import tsx bench/cluster-metrics.ts` (PostgreSQL at
// TEST_DATABASE_URL; BENCH_SECONDS shortens the load). `npm run bench` runs it with the others.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
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
 * else is seeded: the simulated provider generates the samples (nothing is stored), 50 × 168
 * × 2 points, written as JSON once a minute; what a call costs besides is the one query of the
 * cluster and its nodes (shared by the calls that arrive together) and sending the answer.
 */
export async function seedCluster(databaseUrl: string): Promise<number> {
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

/** The aim for this query: p99 under 50 ms at 50 connections, on PostgreSQL. */
export const METRICS_AIM_P99_MS = 50;

/** What a browser sends, as the card's fetch does: the answer comes gzipped. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export interface MetricsFigures {
  /** 50 connections asking for the plain JSON: the aim's figure. */
  load: LoadResult;
  /** 50 connections to a bare node:http server answering the same bytes, just after. */
  floor: LoadResult;
  /** One call at a time as the card's browser makes it (gzip). */
  sequential: { p50Ms: number; p99Ms: number; count: number; gzipped: boolean };
  kilobytes: number;
  gzipKilobytes: number;
}

/** One call at a time as the card's browser makes it, timed from sending to the last byte. */
async function timeCalls(url: string, cookie: string) {
  let gzipped = true;
  const call = async () => {
    const started = performance.now();
    const response = await fetch(url, {
      headers: { cookie, 'accept-encoding': BROWSER_ENCODINGS },
    });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`metrics: ${response.status} ${body}`);
    // A server before the answer was gzipped (to compare two commits) answers plain JSON.
    if (response.headers.get('content-encoding') !== 'gzip') gzipped = false;
    const answer = JSON.parse(body) as { nodes: { cpuMillis: (number | null)[] }[] };
    if (answer.nodes.length !== METERED_NODES || answer.nodes[0]!.cpuMillis[0] === null) {
      throw new Error('metrics: not 50 nodes with a full week');
    }
    return ms;
  };
  for (let i = 0; i < Math.ceil(CALLS / 10); i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) samples.push(await call());
  return { ...latencyFigures(samples), gzipped };
}

/** The answer's bytes on the wire, plain and gzipped (fetch would decode them). */
async function bodyOf(url: string, cookie: string, encoding: string) {
  return new Promise<Buffer>((resolve, reject) => {
    const asked = request(url, { headers: { cookie, 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    });
    asked.on('error', reject);
    asked.end();
  });
}

/**
 * The machine's floor for an answer this large: bench/baseline-server.ts (node:http and
 * nothing else, its own process, as the app server is) answering the same bytes to the same
 * load, so a figure taken on a busy machine can be read against what the machine allowed then.
 */
async function floorOf(body: Buffer, name: string): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-metrics-'));
  const file = path.join(dir, 'answer.json');
  fs.writeFileSync(file, body);
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'baseline-server.ts'), {
    env: { ...process.env, PORT: String(port), BASELINE_BODY_FILE: file },
    execArgv: ['--import', 'tsx'],
  });
  try {
    await new Promise((resolve) => child.once('message', resolve));
    return await load(name, `http://127.0.0.1:${port}/`);
  } finally {
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `GET /api/clusters/:id/metrics?range=7d` of a 50-node cluster on PostgreSQL: one call at a
 * time as a browser asks (gzip), then 50 connections for 10 s (the bench's load) asking for
 * the plain JSON, then the same load on a bare node:http server answering the same bytes.
 * autocannon keeps each body as text (it decodes every chunk as UTF-8 and appends it), which
 * costs it far more for gzip's binary bytes than for JSON's digits: a gzipped answer under load
 * would measure the load generator, so the load asks for the plain JSON, the larger transfer.
 */
export async function clusterMetricsFigures(
  serverUrl: string,
  cookie: string,
  databaseUrl: string,
): Promise<MetricsFigures> {
  const id = await seedCluster(databaseUrl);
  const url = `${serverUrl}/api/clusters/${id}/metrics?range=7d`;
  const sequential = await timeCalls(url, cookie);
  const plain = await bodyOf(url, cookie, 'identity');
  const zipped = await bodyOf(url, cookie, 'gzip');
  const name = `PostgreSQL GET /api/clusters/:id/metrics?range=7d (${METERED_NODES} nodes)`;
  const loaded = await load(name, url, { headers: { cookie } });
  const floor = await floorOf(plain, `node:http answering the same ${plain.length} bytes`);
  return {
    load: loaded,
    floor,
    sequential,
    kilobytes: Math.round(plain.length / 1024),
    gzipKilobytes: Math.round(zipped.length / 1024),
  };
}

const verdict = (p99Ms: number) =>
  `p99 < ${METRICS_AIM_P99_MS} ms: ${p99Ms < METRICS_AIM_P99_MS ? 'met' : 'missed'}`;

export function printClusterMetrics(figures: MetricsFigures) {
  const { load: loaded, floor, sequential, kilobytes, gzipKilobytes } = figures;
  const seconds = process.env.BENCH_SECONDS ?? 10;
  console.log(
    `\n| PostgreSQL metrics, 7 d of ${METERED_NODES} nodes (${kilobytes} KB, ${gzipKilobytes} KB gzipped) | req/s | p50 ms | p99 ms | aim |`,
  );
  console.log('|---|---:|---:|---:|---|');
  console.log(
    `| one call at a time (${sequential.count}, as a browser asks: ${sequential.gzipped ? 'gzip' : 'answered plain'}) | | ${sequential.p50Ms.toFixed(1)} | ${sequential.p99Ms.toFixed(1)} | ${verdict(sequential.p99Ms)} |`,
  );
  console.log(
    `| **50 connections, ${seconds} s** (plain JSON) | ${loaded.requestsPerSecond} | | ${loaded.p99Ms} | **${verdict(loaded.p99Ms)}** |`,
  );
  console.log(
    `| the machine's floor: bare node:http, the same ${kilobytes} KB, 50 connections | ${floor.requestsPerSecond} | | ${floor.p99Ms} | |`,
  );
  const failed = loaded.errors + loaded.non2xx;
  if (failed > 0) console.log(`(${failed} calls failed under load)`);
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
