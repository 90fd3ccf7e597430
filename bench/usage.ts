import pg from 'pg';
import { latencyFigures } from './push-latency.ts';

/** Clusters of the demo organization with a year of hourly usage. */
const METERED_CLUSTERS = 50;
/** Sequential calls per query, after as many warm-up calls as a tenth of it. */
const CALLS = Number(process.env.BENCH_USAGE_CALLS ?? 300);

/**
 * A year of hourly records (5 metrics) for 50 clusters of the demo organization, written in SQL
 * (metering them through the server would take minutes), and their rollups (per cluster and
 * day, per cluster and month, per organization and day) summed from them as metering keeps them. The clusters are metered through the current hour, so the server's
 * metering has nothing to catch up while the bench runs. Answers the records written.
 */
async function seedUsage(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const made = await client.query<{ id: number }>(
      `with org as (select organization_id as id from users where username = 'demo'),
         tier as (select id from cluster_tiers where slug = 'blue'),
         version as (select minor, latest_patch from kubernetes_versions order by minor desc limit 1)
       insert into clusters (organization_id, name, tier_id, provider, region, kubernetes_version,
                             kubernetes_patch, addons, status, node_count, monthly_cost_cents,
                             created_at, updated_at)
       select org.id, 'metered-' || lpad(i::text, 2, '0'), tier.id, 'alpenkube', 'eu-de-fra',
              version.minor, version.latest_patch, '["monitoring"]'::jsonb, 'running', 3, 45000,
              date_trunc('hour', now()) - interval '365 days', now()
         from generate_series(1, $1::int) as i cross join org cross join tier cross join version
       returning id`,
      [METERED_CLUSTERS],
    );
    const ids = made.rows.map((row) => row.id);
    await client.query(
      `insert into metering_cursors (cluster_id, metered_through)
       select id, date_trunc('hour', now()) from unnest($1::int[]) as id`,
      [ids],
    );
    // Prepaid control plane and add-on, one node above the paid count, storage and egress.
    const records = await client.query(
      `insert into usage_records (organization_id, cluster_id, metric, hour, quantity_milli,
                                  billable_milli, cost_millicents)
       select c.organization_id, c.id, m.metric, h.hour,
              m.quantity + case when m.metric = 'egress_gb'
                                then abs(hashtext(c.id || ':' || h.hour)) % 900 else 0 end,
              m.billable + case when m.metric = 'egress_gb'
                                then abs(hashtext(c.id || ':' || h.hour)) % 900 else 0 end,
              m.cost + case when m.metric = 'egress_gb'
                            then abs(hashtext(c.id || ':' || h.hour)) % 900 else 0 end
         from clusters c
        cross join generate_series(date_trunc('hour', now()) - interval '365 days',
                                   date_trunc('hour', now()) - interval '1 hour',
                                   interval '1 hour') as h(hour)
        cross join (values ('control_plane_hours', 1000, 0, 0),
                           ('node_hours', 4000, 1000, 19726),
                           ('addon_hours', 1000, 0, 0),
                           ('storage_gb_hours', 410000, 410000, 5617),
                           ('egress_gb', 300, 300, 300)) as m(metric, quantity, billable, cost)
        where c.id = any($1)`,
      [ids],
    );
    await client.query(
      `insert into usage_daily (organization_id, cluster_id, metric, day, quantity_milli,
                                billable_milli, cost_millicents)
       select organization_id, cluster_id, metric, to_char(hour at time zone 'UTC', 'YYYY-MM-DD'),
              sum(quantity_milli), sum(billable_milli), sum(cost_millicents)
         from usage_records where cluster_id = any($1)
        group by organization_id, cluster_id, metric, 4`,
      [ids],
    );
    await client.query(
      `insert into usage_monthly (organization_id, cluster_id, metric, month, quantity_milli,
                                  billable_milli, cost_millicents)
       select organization_id, cluster_id, metric, substr(day, 1, 7), sum(quantity_milli),
              sum(billable_milli), sum(cost_millicents)
         from usage_daily where cluster_id = any($1)
        group by organization_id, cluster_id, metric, 4`,
      [ids],
    );
    await client.query(
      `insert into usage_organization_daily as o (organization_id, day, metric, quantity_milli,
                                                  billable_milli, cost_millicents)
       select organization_id, day, metric, sum(quantity_milli), sum(billable_milli),
              sum(cost_millicents)
         from usage_daily where cluster_id = any($1)
        group by organization_id, day, metric
       on conflict (organization_id, day, metric) do update set
         quantity_milli = o.quantity_milli + excluded.quantity_milli,
         billable_milli = o.billable_milli + excluded.billable_milli,
         cost_millicents = o.cost_millicents + excluded.cost_millicents`,
      [ids],
    );
    await client.query('commit');
    await client.query('vacuum analyze usage_records');
    for (const table of ['usage_daily', 'usage_monthly', 'usage_organization_daily']) {
      await client.query(`vacuum analyze ${table}`);
    }
    return records.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

export interface UsageFigure {
  name: string;
  rows: number;
  p50Ms: number;
  p99Ms: number;
  count: number;
}

/** One call at a time, timed from sending to the last byte. */
async function timeCalls(name: string, url: string, cookie: string): Promise<UsageFigure> {
  let rows = 0;
  const call = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${body}`);
    rows = body.startsWith('{')
      ? (JSON.parse(body) as { rows: unknown[] }).rows.length
      : body.trimEnd().split('\r\n').length - 1;
    return ms;
  };
  for (let i = 0; i < Math.ceil(CALLS / 10); i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) samples.push(await call());
  return { name, rows, ...latencyFigures(samples) };
}

/**
 * `GET /api/usage` over the last year (366 days) for the demo organization once 50 of its
 * clusters have a year of hourly records (2.19 million) on PostgreSQL: by day, cluster and
 * metric, one cluster by day, and as CSV.
 */
export async function usageLatency(
  serverUrl: string,
  cookie: string,
  databaseUrl: string,
): Promise<{ records: number; figures: UsageFigure[] }> {
  const records = await seedUsage(databaseUrl);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const to = day(Date.now());
  const from = day(Date.now() - 365 * 86_400_000);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [one] = (
    await client.query<{ id: number }>(`select id from clusters where name = 'metered-01'`)
  ).rows;
  await client.end();
  const base = `${serverUrl}/api/usage?from=${from}&to=${to}`;
  const figures: UsageFigure[] = [];
  for (const [name, query] of [
    ['by day', '&groupBy=day'],
    ['by cluster', '&groupBy=cluster'],
    ['by metric', '&groupBy=metric'],
    ['one cluster by day', `&groupBy=day&clusterId=${one!.id}`],
    ['by day as CSV', '&groupBy=day&format=csv'],
  ] as const) {
    figures.push(await timeCalls(name, `${base}${query}`, cookie));
  }
  return { records, figures };
}

export function printUsage(result: { records: number; figures: UsageFigure[] }) {
  console.log(
    `\n| PostgreSQL GET /api/usage, a year of ${METERED_CLUSTERS} clusters (${result.records.toLocaleString('en-US')} hourly records) | rows | p50 ms | p99 ms | calls |`,
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const figure of result.figures) {
    console.log(
      `| ${figure.name} | ${figure.rows} | ${figure.p50Ms.toFixed(1)} | ${figure.p99Ms.toFixed(1)} | ${figure.count} |`,
    );
  }
}
