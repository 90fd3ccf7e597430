// The phases of the batch bench (bench/batch-curves.ts), each on a database seeded by
// bench/batch-seed.ts, each timed against the aim and bounded by a time-out.
import pg from 'pg';
import { devLogin, freePort, spawnServer } from '../apps/server/test/support/server-process.ts';
import { onInstances } from './batch-instances.ts';
import type { SeededCustomers } from './batch-seed.ts';
import type { PhaseResult } from './batch-worker.ts';
import { latencyFigures } from './push-latency.ts';

/** The aims: metering 10,000 clusters in 60 s, closing 10,000 organizations in 10 min. */
const METER_MS_PER_CLUSTER = 60_000 / 10_000;
const CLOSE_MS_PER_ORGANIZATION = 600_000 / 10_000;
/** Ours: a page of the largest organization answers within half a second, its p99. */
const PAGE_P99_AIM_MS = 500;
const PAGE_CALLS = 50;

/** A phase may take ten times its aim, and a minute more, before the bench gives up on it. */
const timeoutFor = (aimMs: number) => 60_000 + aimMs * 10;

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What a phase is given: the database, the size, and where its figure goes. */
export interface PhaseContext {
  env: Record<string, string>;
  databaseUrl: string;
  size: number;
  seeded: SeededCustomers;
  add(figure: string, measured: string, aim: string, met: boolean): void;
}

/** Runs `text` (one statement or several) on its own connection; answers the last one's rows. */
async function sql(databaseUrl: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const answered: pg.QueryResult | pg.QueryResult[] = await client.query(text);
    return Array.isArray(answered) ? (answered.at(-1)?.rows ?? []) : answered.rows;
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

export async function meterPhase({ env, size, add }: PhaseContext) {
  const aim = size * METER_MS_PER_CLUSTER;
  const meter = await onInstances(env, 1, 'meter', timeoutFor(aim));
  const [result] = meter.results;
  add(
    `metering one hour of ${size} clusters`,
    `${seconds(meter.wallMs)} (${result!.counts.records} records, CPU ${seconds(result!.cpuMs)})`,
    `< ${seconds(aim)}`,
    meter.wallMs < aim,
  );
}

/** The month's close on `instances` at once; a second close first undoes the one before. */
export async function closePhase(context: PhaseContext, instances: number) {
  const { env, databaseUrl, seeded, add } = context;
  if ((await sql(databaseUrl, 'select 1 from invoices limit 1')).length > 0) {
    await sql(databaseUrl, UNDO_CLOSE);
    await sql(databaseUrl, 'vacuum analyze');
  }
  const aim = (seeded.organizations * CLOSE_MS_PER_ORGANIZATION) / instances;
  const close = await onInstances(env, instances, 'close', timeoutFor(aim * instances));
  const each = (pick: (result: PhaseResult) => string) => close.results.map(pick).join(' + ');
  add(
    `month close of ${seeded.organizations} organizations, ${instances} instance${instances > 1 ? 's' : ''}`,
    `${seconds(close.wallMs)} (invoices ${each((result) => String(result.counts.invoices))}; ` +
      `CPU ${each((result) => seconds(result.cpuMs))}; ` +
      `PDFs ${each((result) => seconds(result.counts.pdfMs!))} of it)`,
    `< ${seconds(aim)}`,
    close.wallMs < aim,
  );
}

export async function renewPhase({ env, databaseUrl, size, add }: PhaseContext) {
  await sql(databaseUrl, RENEWALS_DUE);
  const renew = await onInstances(env, 1, 'renew', timeoutFor(size * 100));
  const counts = renew.results[0]!.counts;
  add(
    `renewals due at once for ${size / 10} clusters`,
    `${seconds(renew.wallMs)} (${counts.opened} opened in ${counts.passes} passes of the chore, ` +
      `${counts.charged} charged in ${seconds(counts.chargeMs!)})`,
    'opened in one pass (the chore runs once a minute)',
    counts.passes! <= 2,
  );
}

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
export async function pagesPhase({ env, seeded, add }: PhaseContext) {
  const server = spawnServer({ ...env, PORT: String(await freePort()), RUN_JOBS: 'false' });
  try {
    await server.ready;
    const cookie = await devLogin(server.url, seeded.largestAdmin);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const usage = `/api/usage?from=${day(Date.now() - 60 * 86_400_000)}&to=${day(Date.now())}`;
    for (const route of ['/api/billing/summary', '/api/clusters', usage]) {
      const figures = await pageLatency(server.url, cookie, route);
      add(
        `${route.split('?')[0]}, the largest organization (${seeded.largestClusters} clusters)`,
        `p50 ${figures.p50Ms.toFixed(0)} ms, p99 ${figures.p99Ms.toFixed(0)} ms`,
        `p99 < ${PAGE_P99_AIM_MS} ms`,
        figures.p99Ms < PAGE_P99_AIM_MS,
      );
    }
  } finally {
    await server.stop();
  }
}
