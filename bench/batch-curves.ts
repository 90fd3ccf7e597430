// The batch work at 1,000, 10,000 and 100,000 clusters (BENCH_BATCH_SIZES), each on a fresh
// PostgreSQL database seeded set-based (bench/batch-seed.ts): metering one hour of every
// cluster, the month's close with its invoices and their PDFs on one instance then on two,
// renewals due at one moment for a tenth of the clusters, and the largest organization's pages.
// Every phase has a time-out; the database is dropped at the end, whatever happened.
import pg from 'pg';
import { devLogin, freePort, spawnServer } from '../apps/server/test/support/server-process.ts';
import { onInstances } from './batch-instances.ts';
import { seedCustomers, type SeededCustomers } from './batch-seed.ts';
import { withDatabase } from './database.ts';
import { latencyFigures } from './push-latency.ts';

const SIZES = (process.env.BENCH_BATCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
/** The aims: metering 10,000 clusters in 60 s, closing 10,000 organizations in 10 min. */
const METER_MS_PER_CLUSTER = 60_000 / 10_000;
const CLOSE_MS_PER_ORGANIZATION = 600_000 / 10_000;
/** Ours: a page of the largest organization answers within half a second, its p99. */
const PAGE_P99_AIM_MS = 500;
const PAGE_CALLS = 50;

/** A phase may take ten times its aim, and a minute more, before the bench gives up on it. */
const timeoutFor = (aimMs: number) => 60_000 + aimMs * 10;

interface Row {
  size: number;
  figure: string;
  measured: string;
  aim: string;
  met: boolean | null;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function sql(databaseUrl: string, text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Takes back what a month's close did, so that a second close has the same work to do. */
const UNDO_CLOSE = `begin;
  update organizations o set credit_balance_cents = o.credit_balance_cents - taken.cents
    from (select organization_id, sum(amount_cents) as cents from credit_transactions
           where invoice_id is not null group by organization_id) taken
   where taken.organization_id = o.id;
  delete from credit_transactions where invoice_id is not null;
  update usage_records set invoice_id = null where invoice_id is not null;
  delete from invoice_lines;
  delete from invoices;
  delete from jobs;
  delete from notifications;
  delete from outgoing_mail;
  commit;`;

/**
 * A tenth of the batch customers' subscriptions ended a minute ago. The invoices' charges the
 * closes queued are dropped, so that the jobs drained after are the renewals' alone.
 */
const RENEWALS_DUE = `delete from jobs; update subscriptions set period_start = now() - interval '1 month',
       period_end = now() - interval '1 minute'
 where id % 10 = 0 and organization_id in (
   select id from organizations where billing_id like 'batch-%')`;

async function pageLatency(url: string, cookie: string, route: string) {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(`${url}${route}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < PAGE_CALLS; i++) samples.push(await call());
  return latencyFigures(samples);
}

/** The largest organization's dashboard, cluster list and usage page, on the real server. */
async function largestPages(env: Record<string, string>, seeded: SeededCustomers) {
  const server = spawnServer({ ...env, PORT: String(await freePort()), RUN_JOBS: 'false' });
  try {
    await server.ready;
    const cookie = await devLogin(server.url, seeded.largestAdmin);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const usage = `/api/usage?from=${day(Date.now() - 60 * 86_400_000)}&to=${day(Date.now())}`;
    const rows: [string, Awaited<ReturnType<typeof pageLatency>>][] = [];
    for (const route of ['/api/billing/summary', '/api/clusters', usage]) {
      rows.push([route.split('?')[0]!, await pageLatency(server.url, cookie, route)]);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

async function measureSize(size: number): Promise<Row[]> {
  return withDatabase('postgres', async (env) => {
    const databaseUrl = env.DATABASE_URL!;
    const rows: Row[] = [];
    const add = (figure: string, measured: string, aim: string, met: boolean | null) => {
      rows.push({ size, figure, measured, aim, met });
      console.log(`  ${figure}: ${measured} (aim ${aim})`);
    };
    await onInstances(env, 1, 'prepare', 300_000);
    const seedStarted = performance.now();
    const seeded = await seedCustomers(databaseUrl, size);
    console.log(
      `${size} clusters, ${seeded.organizations} organizations seeded in ${seconds(performance.now() - seedStarted)}`,
    );

    const meterAim = size * METER_MS_PER_CLUSTER;
    const meter = await onInstances(env, 1, 'meter', timeoutFor(meterAim));
    add(
      `metering one hour of ${size} clusters`,
      `${seconds(meter.wallMs)} (${meter.results[0]!.counts.records} records)`,
      `< ${seconds(meterAim)}`,
      meter.wallMs < meterAim,
    );

    const closeAim = seeded.organizations * CLOSE_MS_PER_ORGANIZATION;
    for (const instances of [1, 2]) {
      if (instances === 2) {
        await sql(databaseUrl, UNDO_CLOSE);
        await sql(databaseUrl, 'vacuum analyze');
      }
      const close = await onInstances(env, instances, 'close', timeoutFor(closeAim));
      const invoices = close.results.reduce((sum, result) => sum + result.counts.invoices!, 0);
      const pdfMs = Math.max(...close.results.map((result) => result.counts.pdfMs!));
      add(
        `month close of ${seeded.organizations} organizations, ${instances} instance${instances > 1 ? 's' : ''}`,
        `${seconds(close.wallMs)} (${invoices} invoices; their PDFs ${seconds(pdfMs)} of it)`,
        instances === 1 ? `< ${seconds(closeAim)}` : `< ${seconds(closeAim / 2)}`,
        close.wallMs < closeAim / instances,
      );
    }

    await sql(databaseUrl, RENEWALS_DUE);
    const renew = await onInstances(env, 1, 'renew', timeoutFor(size * 100));
    const counts = renew.results[0]!.counts;
    add(
      `renewals due at once for ${size / 10} clusters`,
      `${seconds(renew.wallMs)} (${counts.opened} opened in ${counts.passes} passes of the chore, ${counts.charged} charged in ${seconds(counts.chargeMs!)})`,
      'opened in one pass (the chore runs once a minute)',
      counts.passes! <= 2,
    );

    for (const [route, figures] of await largestPages(env, seeded)) {
      add(
        `${route}, the largest organization (${seeded.largestClusters} clusters)`,
        `p50 ${figures.p50Ms.toFixed(0)} ms, p99 ${figures.p99Ms.toFixed(0)} ms`,
        `p99 < ${PAGE_P99_AIM_MS} ms`,
        figures.p99Ms < PAGE_P99_AIM_MS,
      );
    }
    return rows;
  });
}

export async function batchCurves() {
  const rows: Row[] = [];
  for (const size of SIZES) {
    try {
      rows.push(...(await measureSize(size)));
    } catch (error) {
      // A size that failed (or timed out) says so in the table; the next size still runs.
      console.error(`batch bench at ${size} clusters failed:`, error);
      rows.push({ size, figure: 'failed', measured: String(error), aim: '', met: false });
    }
  }
  console.log('\n| clusters | figure | measured | aim | met |');
  console.log('|---:|---|---|---|---|');
  for (const row of rows) {
    const met = row.met === null ? '' : row.met ? 'yes' : '**no**';
    console.log(`| ${row.size} | ${row.figure} | ${row.measured} | ${row.aim} | ${met} |`);
  }
}
