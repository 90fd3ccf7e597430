// npm run bench: performance figures, not a test. Everything runs on loopback, bounded in time.
// 1. a bare node:http server answering a fixed JSON: the baseline;
// 2. the real server on PGlite, then on PostgreSQL: three routes under load, and push latency
//    (on PostgreSQL also the usage, audit log and cluster metrics queries);
// 3. the built web app in headless Chromium: initial JavaScript and LCP of the public pages;
// 4. an invoice's PDF built in this process, as each download builds it (bench/invoice-pdf.ts);
// 5. three instances behind nginx under load, one killed and restarted (bench/failover-load.ts);
// 6. Lighthouse (mobile) on four public pages, median of three runs (bench/lighthouse.ts);
// 7. the batch work at 1,000 to 100,000 clusters on PostgreSQL (bench/batch-curves.ts);
// 8. the instances' memory under the failover load, three times (bench/failover-memory.ts).
// BENCH_PART=api runs the routes only, BENCH_PART=batch the batch work, BENCH_PART=memory 8.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devLogin, freePort, spawnServer } from '../apps/server/test/support/server-process.ts';
import { clusterListLoad } from './cluster-list.ts';
import { organizationListsLoad } from './organization-lists.ts';
import { clusterPushLatency, printClusterPush } from './cluster-push.ts';
import { invoicePdfTiming, printInvoicePdf } from './invoice-pdf.ts';
import { load, type LoadResult } from './load.ts';
import { measurePages } from './pages.ts';
import { pushLatency } from './push-latency.ts';
import { printUsage, usageLatency } from './usage.ts';
import { supportQueueLoad } from './support-queue.ts';
import { clusterMetricsFigures, printClusterMetrics } from './cluster-metrics.ts';
import { auditLogLatency, printAuditLog } from './audit-log.ts';
import { failoverLoadFigures } from './failover-load.ts';
import { withDatabase } from './database.ts';
import { lighthouseFigures } from './lighthouse.ts';
import { batchCurves } from './batch-curves.ts';
import { failoverMemoryFigures } from './failover-memory.ts';
import { phase } from './progress.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');

/** The API's GET routes a visitor may call (the demo slots of a weekday two weeks ahead). */
const PUBLIC_GET_ROUTES = [
  '/api/version/summary',
  '/api/cluster-tiers',
  '/api/addons',
  '/api/health',
  '/api/openapi.json',
  `/api/leads/demo-slots?date=${nextWeekday(14)}`,
];

/** A quote with two pools, HA and three add-ons: the engine's usual work for one price. */
const BENCH_QUOTE = {
  tier: 'red',
  provider: 'gke',
  region: 'europe-west3',
  kubernetesVersion: '1.37',
  nodePools: [
    { name: 'general', size: 'm-4vcpu-16gb', count: 3 },
    { name: 'batch', size: 'l-8vcpu-32gb', count: 2, autoscaleMin: 1, autoscaleMax: 6 },
  ],
  haControlPlane: true,
  addons: ['monitoring', 'backup', 'service-mesh'],
  supportPlan: 'business',
  billingCycle: 'monthly',
};

/** The demo organization's orders brought to this many before the list is measured. */
const BENCH_ORDER_COUNT = 1000;

/** Places orders as the demo user until the organization has `count`, eight at a time. */
async function fillOrders(url: string, cookie: string, count: number) {
  const headers = { 'content-type': 'application/json', cookie, origin: url };
  const existing = (await (
    await fetch(`${url}/api/orders?limit=200`, { headers })
  ).json()) as unknown[];
  const missing = count - existing.length;
  const place = async (i: number) => {
    const response = await fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': `bench-${i}` },
      body: JSON.stringify({
        kind: 'cluster',
        billingCycle: 'monthly',
        cluster: {
          name: `bench-${i}`,
          tier: 'sandbox',
          provider: 'alpenkube',
          region: 'eu-fr-par',
          kubernetesVersion: '1.37',
          nodePools: [{ name: 'general', size: 's-2vcpu-4gb', count: 1 }],
          haControlPlane: false,
          addons: [],
          supportPlan: 'basic',
        },
      }),
    });
    if (response.status !== 201) throw new Error(`order ${i}: ${response.status}`);
  };
  for (let start = 0; start < missing; start += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, missing - start) }, (_, k) => place(start + k)),
    );
  }
}

function nextWeekday(daysAhead: number): string {
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Every public path the build lists (BENCH_PAGES narrows it), plus the sign-in page. */
function publicPages(): string[] {
  if (process.env.BENCH_PAGES) return process.env.BENCH_PAGES.split(',');
  const meta = JSON.parse(fs.readFileSync(path.join(webDist, 'page-meta.json'), 'utf8')) as object;
  return [...Object.keys(meta), '/auth'];
}

async function baseline(method: 'GET' | 'POST' = 'GET'): Promise<LoadResult> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'baseline-server.ts'), {
    env: { ...process.env, PORT: String(port) },
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  try {
    return method === 'GET'
      ? await load('baseline node:http', `http://127.0.0.1:${port}/`)
      : await load(
          'baseline node:http POST (reads and parses the quote)',
          `http://127.0.0.1:${port}/`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(BENCH_QUOTE),
          },
        );
  } finally {
    child.kill();
  }
}

async function serverFigures(kind: 'pglite' | 'postgres') {
  return withDatabase(kind, async (env) => {
    const server = spawnServer({
      ...env,
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      // The load comes from one address: lift the per-network quote limit for it.
      QUOTE_LIMIT_PER_MINUTE: '100000000',
    });
    await server.ready;
    try {
      const cookie = await devLogin(server.url, 'demo');
      // The list call is measured with 50 notifications, whatever the demo data starts with.
      const start = (await (
        await fetch(`${server.url}/api/notifications`, { headers: { cookie } })
      ).json()) as unknown[];
      for (let i = start.length; i < 50; i++) {
        await fetch(`${server.url}/api/dev/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ type: 'info', message: `Notification ${i} for the benchmark` }),
        });
      }
      const listed = (await (
        await fetch(`${server.url}/api/notifications`, { headers: { cookie } })
      ).json()) as unknown[];
      if (listed.length !== 50) throw new Error(`expected 50 notifications, got ${listed.length}`);
      await phase(`${kind}: ${BENCH_ORDER_COUNT} orders placed`, () =>
        fillOrders(server.url, cookie, BENCH_ORDER_COUNT),
      );
      const routes = [];
      // Every public GET route, then the signed-in ones the shell polls.
      for (const route of PUBLIC_GET_ROUTES) {
        routes.push(await load(`${kind} GET ${route}`, `${server.url}${route}`));
      }
      // The document is about a megabyte: a browser or a generator asks for it gzipped.
      routes.push(
        await load(`${kind} GET /api/openapi.json (gzip)`, `${server.url}/api/openapi.json`, {
          headers: { 'accept-encoding': 'gzip' },
        }),
      );
      routes.push(
        await load(`${kind} POST /api/quotes`, `${server.url}/api/quotes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(BENCH_QUOTE),
        }),
        await load(`${kind} GET /api/user (signed in)`, `${server.url}/api/user`, {
          headers: { cookie },
        }),
        await load(`${kind} GET /api/billing/summary`, `${server.url}/api/billing/summary`, {
          headers: { cookie },
        }),
        await load(`${kind} GET /api/notifications (50 rows)`, `${server.url}/api/notifications`, {
          headers: { cookie },
        }),
        await load(
          `${kind} GET /api/orders (a page of 50 of ${BENCH_ORDER_COUNT})`,
          `${server.url}/api/orders`,
          { headers: { cookie } },
        ),
      );
      const databaseUrl = env.DATABASE_URL;
      if (databaseUrl) {
        routes.push(
          await phase(`${kind}: the cluster list`, () =>
            clusterListLoad(kind, server.url, cookie, databaseUrl),
          ),
        );
        routes.push(
          ...(await phase(`${kind}: the organization's lists`, () =>
            organizationListsLoad(kind, server.url, cookie, databaseUrl),
          )),
        );
        const staffCookie = await devLogin(server.url, 'superadmin');
        routes.push(
          ...(await phase(`${kind}: the staff queue`, () =>
            supportQueueLoad(kind, server.url, staffCookie, databaseUrl),
          )),
        );
      }
      const usage = databaseUrl
        ? await phase(`${kind}: usage over a year`, () =>
            usageLatency(server.url, cookie, databaseUrl),
          )
        : null;
      const audit = databaseUrl
        ? await phase(`${kind}: the audit log`, () => auditLogLatency(server.url, databaseUrl))
        : null;
      const metrics = databaseUrl
        ? await phase(`${kind}: cluster metrics`, () =>
            clusterMetricsFigures(server.url, cookie, databaseUrl),
          )
        : null;
      const pushes = Number(process.env.BENCH_PUSH_COUNT ?? 1000);
      const push = await phase(`${kind}: ${pushes} notifications pushed`, () =>
        pushLatency(server.url, cookie, pushes),
      );
      const clusterPush = await phase(`${kind}: ${pushes} cluster changes pushed`, () =>
        clusterPushLatency(server.url, cookie, pushes, env.DATABASE_URL),
      );
      return { routes, push, clusterPush, usage, audit, metrics };
    } finally {
      await server.stop();
    }
  });
}

async function pageFigures() {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    console.log('(apps/web/dist is missing: run npm run build for the page figures)');
    return [];
  }
  return withDatabase('pglite', async (env) => {
    const server = spawnServer({ ...env, PORT: String(await freePort()), WEB_DIST: webDist });
    await server.ready;
    try {
      return await measurePages(server.url, publicPages());
    } finally {
      await server.stop();
    }
  });
}

/** A GET is compared with the bare GET, a POST with the bare POST that reads the same body. */
function printRoutes(base: LoadResult, postBase: LoadResult, rows: LoadResult[]) {
  console.log('\n| route | req/s | p99 ms | vs baseline | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of [base, postBase, ...rows]) {
    const floor = row.name.includes(' POST ') ? postBase : base;
    const ratio = `${Math.round((row.requestsPerSecond / floor.requestsPerSecond) * 100)}%`;
    console.log(
      `| ${row.name} | ${row.requestsPerSecond} | ${row.p99Ms} | ${ratio} | ${row.errors + row.non2xx} |`,
    );
  }
}

async function main() {
  console.log(
    `Alpenkube bench, ${new Date().toISOString()}, ${os.cpus().length} cores, node ${process.version}`,
  );
  if (process.env.BENCH_PART === 'batch') return batchCurves();
  if (process.env.BENCH_PART === 'memory') return void (await failoverMemoryFigures());
  const base = await baseline();
  const postBase = await baseline('POST');
  const pglite = await phase('the server on PGlite', () => serverFigures('pglite'));
  const postgres = await phase('the server on PostgreSQL', () => serverFigures('postgres'));
  printRoutes(base, postBase, [...pglite.routes, ...postgres.routes]);
  console.log('\n| push (write → socket) | p50 ms | p99 ms | samples |');
  console.log('|---|---:|---:|---:|');
  for (const [kind, push] of [
    ['PGlite', pglite.push],
    ['PostgreSQL', postgres.push],
  ] as const) {
    console.log(
      `| ${kind} | ${push.p50Ms.toFixed(1)} | ${push.p99Ms.toFixed(1)} | ${push.count} |`,
    );
  }
  if (postgres.usage) printUsage(postgres.usage);
  if (postgres.audit) printAuditLog(postgres.audit);
  if (postgres.metrics) printClusterMetrics(postgres.metrics);
  printClusterPush([
    ['PGlite', pglite.clusterPush],
    ['PostgreSQL', postgres.clusterPush],
  ]);
  // BENCH_PART=api stops here: the routes on both databases, without the browser, the PDF and
  // the failover, to compare two commits on one machine in a few minutes.
  if (process.env.BENCH_PART === 'api') return;
  printInvoicePdf(
    await phase('invoice PDFs', () => invoicePdfTiming(Number(process.env.BENCH_PDF_COUNT ?? 200))),
  );
  await phase('three instances, one killed', failoverLoadFigures);
  const pages = await phase('the public pages in Chromium', pageFigures);
  if (pages.length) {
    console.log('\n| page | initial JS (gzip KB) | scripts | LCP ms |');
    console.log('|---|---:|---:|---:|');
    for (const page of pages) {
      console.log(
        `| ${page.path} | ${page.initialJsGzipKb} | ${page.scripts} | ${page.lcpMs ?? 'n/a'} |`,
      );
    }
  }
  await phase('Lighthouse', lighthouseFigures);
  await phase('the batch work', batchCurves);
  await phase('memory under the failover load', failoverMemoryFigures);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
