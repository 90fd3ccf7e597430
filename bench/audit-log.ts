// The officers' audit log over a million events on PostgreSQL. Part of `npm run bench`; alone:
// node --import tsx bench/audit-log.ts
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { devLogin, freePort, spawnServer } from '../apps/server/test/support/server-process.ts';
import { latencyFigures } from './push-latency.ts';

export const AUDIT_EVENTS = 1_000_000;
/** Sequential calls per query, after as many warm-up calls as a tenth of it. */
const CALLS = Number(process.env.BENCH_AUDIT_CALLS ?? 200);
/** Synthetic organizations and people the generated events spread over. */
const ORGANIZATIONS = 200;
const ACTORS = 5000;

/**
 * Brings the trail to a million events in SQL (through the API would take hours): 400 days,
 * newest first by id order, over 200 organizations and 5,000 people, twelve actions, 5% failures;
 * every 500th event is the demo user's, in the demo organization. Then `analyze`.
 * The failures are drawn by a hash, so that they fall in every organization.
 */
async function seedAuditEvents(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with demo as (select id, organization_id from users where username = 'demo'),
         missing as (select $1::int - count(*)::int as n from audit_events)
       insert into audit_events (at, actor_user_id, organization_id, action, target_type,
                                 target_id, outcome, ip, user_agent, details)
       select now() - i * (interval '400 days' / $1::int),
              case when i % 500 = 0 then demo.id else 1000000 + i % $3::int end,
              case when i % 500 = 0 then demo.organization_id else 1000000 + i % $2::int end,
              (array['auth.sign_in', 'auth.sign_in', 'auth.sign_in', 'auth.sign_out',
                     'order.create', 'order.pay', 'cluster.kubeconfig', 'cluster.scale',
                     'cluster.upgrade', 'payment_method.add', 'user.password_change',
                     'product.secret.reveal'])[1 + i % 12],
              'user', (1000000 + i % $3::int)::text,
              case when abs(hashtext(i::text)) % 20 = 0 then 'failure' else 'success' end,
              '203.0.113.' || (i % 250), 'Mozilla/5.0 (bench)', '{"method": "password"}'::jsonb
         from generate_series(1, (select n from missing)) as i cross join demo`,
      [AUDIT_EVENTS, ORGANIZATIONS, ACTORS],
    );
    await client.query('vacuum analyze audit_events');
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from audit_events',
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

export interface AuditFigure {
  name: string;
  rows: number;
  p50Ms: number;
  p99Ms: number;
  count: number;
}

async function timeCalls(name: string, url: string, cookie: string): Promise<AuditFigure> {
  let rows = 0;
  const call = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${body}`);
    rows = (JSON.parse(body) as { events: unknown[] }).events.length;
    return ms;
  };
  for (let i = 0; i < Math.ceil(CALLS / 10); i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) samples.push(await call());
  return { name, rows, ...latencyFigures(samples) };
}

/**
 * `GET /api/officers/audit-events` as the demo officer, one request at a time: a page of 50 by
 * organization and time window, by actor (a username), by action prefix, failures only, and a
 * deep page (keyset `before`).
 */
export async function auditLogLatency(serverUrl: string, databaseUrl: string) {
  const events = await seedAuditEvents(databaseUrl);
  const cookie = await devLogin(serverUrl, 'officer');
  const base = `${serverUrl}/api/officers/audit-events`;
  const day = 86_400_000;
  const from = new Date(Date.now() - 90 * day).toISOString();
  const to = new Date(Date.now() - 30 * day).toISOString();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    'select id from audit_events order by at desc, id desc offset 200000 limit 1',
  );
  await client.end();
  const figures: AuditFigure[] = [];
  const cases = [
    ['one organization, 60 days', `?organization=${1000000 + 7}&from=${from}&to=${to}`],
    ['one actor (by username)', '?actor=demo'],
    ['action prefix auth.', '?action=auth.'],
    ['failures only', '?outcome=failure'],
    ['failures of one organization', `?organization=${1000000 + 7}&outcome=failure`],
    ['no filter, a page 200,000 rows deep', `?before=${rows[0]!.id}`],
  ] as const;
  for (const [name, query] of cases) {
    figures.push(await timeCalls(name, `${base}${query}`, cookie));
  }
  if (process.env.BENCH_EXPLAIN) await explainPlans(databaseUrl, from, to);
  return { events, figures };
}

/**
 * The plans PostgreSQL picks for the page queries the server sends (the same shape: the two
 * joins, the filter, newest first, 51 rows), printed node by node with the index each reads.
 */
async function explainPlans(databaseUrl: string, from: string, to: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const select = `select a.*, u.username, o.name from audit_events a
      left join users u on u.id = a.actor_user_id
      left join organizations o on o.id = a.organization_id`;
  const tail = 'order by a.at desc, a.id desc limit 51';
  const demo = (await client.query<{ id: number }>("select id from users where username = 'demo'"))
    .rows[0]!.id;
  try {
    for (const [name, where] of [
      [
        'organization + time',
        `a.organization_id = 1000007 and a.at >= '${from}' and a.at <= '${to}'`,
      ],
      ['actor', `a.actor_user_id = ${demo}`],
      ['action prefix', `a.action in ('auth.sign_in', 'auth.sign_out')`],
      ['failures', `a.outcome = 'failure'`],
      ['failures of one organization', `a.organization_id = 1000007 and a.outcome = 'failure'`],
    ]) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off) ${select} where ${where} ${tail}`,
      );
      console.log(`\n${name}:`);
      for (const row of rows) console.log(`  ${row['QUERY PLAN']}`);
    }
  } finally {
    await client.end();
  }
}

export function printAuditLog(result: { events: number; figures: AuditFigure[] }) {
  console.log(
    `\n| PostgreSQL GET /api/officers/audit-events, ${result.events.toLocaleString('en-US')} events | rows | p50 ms | p99 ms | calls |`,
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const figure of result.figures) {
    console.log(
      `| ${figure.name} | ${figure.rows} | ${figure.p50Ms.toFixed(1)} | ${figure.p99Ms.toFixed(1)} | ${figure.count} |`,
    );
  }
}

/** Alone: a fresh PostgreSQL database and server, the figures, then both gone. */
async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `alpenkube_bench_audit_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = spawnServer({ DATABASE_URL: url.toString(), PORT: String(await freePort()) });
  try {
    await server.ready;
    printAuditLog(await auditLogLatency(server.url, url.toString()));
  } finally {
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
