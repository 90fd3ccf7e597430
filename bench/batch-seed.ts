import pg from 'pg';

/** What the batch bench seeded, and the moments its phases are measured at. */
export interface SeededCustomers {
  clusters: number;
  organizations: number;
  /** The organization with the most clusters (a hundredth of them, at least 10). */
  largestOrganizationId: number;
  largestClusters: number;
  largestAdmin: string;
  /** Usage records of last month, the month close bills. */
  usageRecords: number;
}

/** Hours of last month's end that carry usage records (each cluster's last day). */
const BILLED_HOURS = Number(process.env.BENCH_BATCH_USAGE_HOURS ?? 24);

/**
 * `clusters` running clusters across a tenth as many organizations, written set-based (a
 * customer through the API takes seconds; 100,000 would take days). Each organization has an
 * admin and billing details; each cluster was ordered and paid last month (its paid order and
 * monthly subscription) and $100,000 of credit to pay with, has a `running` event, one pool of three nodes, one in three a 100 GB
 * volume and one in five a load balancer. Last month's last `BILLED_HOURS` hours are metered
 * (records not invoiced yet: the month close bills them) and every cluster is metered through
 * the hour before the current one: metering has exactly one hour of each to do. The rows skip
 * the per-row triggers (`session_replication_role`), which only tell the servers' caches.
 */
export async function seedCustomers(
  databaseUrl: string,
  clusters: number,
): Promise<SeededCustomers> {
  const organizations = Math.max(2, Math.floor(clusters / 10));
  const largest = Math.max(10, Math.floor(clusters / 100));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(
      `create temp table batch_times on commit drop as
       select date_trunc('month', now()) as month_start,
              date_trunc('month', now()) - interval '1 month' + interval '2 days' as ordered_at,
              date_trunc('hour', now()) - interval '1 hour' as metered_through`,
    );
    await client.query(
      `create temp table batch_org on commit drop as
       select n, nextval('organizations_id_seq')::int as id from generate_series(1, $1::int) n`,
      [organizations],
    );
    // The largest organization is number 1; the others share the rest evenly.
    await client.query(
      `create temp table batch_cluster on commit drop as
       select i, o.id as organization_id, nextval('orders_id_seq')::int as order_id,
              nextval('clusters_id_seq')::int as cluster_id,
              nextval('cluster_node_pools_id_seq')::int as pool_id
         from generate_series(1, $1::int) i
         join batch_org o on o.n = case when i <= $2::int then 1
                                        else 2 + (i - $2::int - 1) % ($3::int - 1) end`,
      [clusters, largest, organizations],
    );
    await client.query(
      `insert into organizations (id, name, name_key, billing_id, status, approved_at,
                                  created_at, updated_at)
       select o.id, 'Batch customer ' || o.n, 'batch customer ' || o.n, 'batch-' || o.n,
              'active', t.ordered_at, t.ordered_at - interval '1 day', t.ordered_at
         from batch_org o cross join batch_times t`,
    );
    // Credit granted up front: renewals and invoices are paid from it, as most are.
    await client.query(
      `update organizations set credit_balance_cents = 10000000 where id in (select id from batch_org)`,
    );
    await client.query(
      `insert into credit_transactions (organization_id, kind, amount_cents, balance_after_cents,
                                        description, created_at)
       select o.id, 'grant', 10000000, 10000000, 'Bench credit', t.ordered_at
         from batch_org o cross join batch_times t`,
    );
    await client.query(
      `insert into users (organization_id, username, email, name, password_hash, role,
                          email_verified, created_at, updated_at)
       select o.id, 'batch-admin-' || o.n, 'admin-' || o.n || '@batch.example',
              'Admin ' || o.n, 'not-a-hash', 'admin', true, t.ordered_at, t.ordered_at
         from batch_org o cross join batch_times t`,
    );
    await client.query(
      `insert into billing_details (organization_id, legal_name, address, country, email)
       select id, 'Batch customer ' || n || ' GmbH', 'Hauptstrasse ' || n || E'\\n10115 Berlin',
              'DE', 'billing-' || n || '@batch.example'
         from batch_org`,
    );
    const config = `jsonb_build_object('tier', 'blue', 'provider', 'alpenkube',
      'region', 'eu-de-fra', 'kubernetesVersion', '1.37',
      'nodePools', jsonb_build_array(jsonb_build_object('name', 'general',
                                     'size', 'm-4vcpu-16gb', 'count', 3)),
      'haControlPlane', false, 'addons', jsonb_build_array('monitoring'),
      'supportPlan', 'basic')`;
    await client.query(
      `insert into orders (id, organization_id, kind, lines, subtotal_cents, total_cents, status,
                           created_at, updated_at, description, billing_cycle, cluster_config,
                           cluster_name, paid_at)
       select c.order_id, c.organization_id, 'cluster', '[]', 45000, 45000, 'completed',
              t.ordered_at, t.ordered_at, 'Cluster c-' || c.i, 'monthly', ${config},
              'c-' || c.i, t.ordered_at + (c.i % 600) * interval '1 second'
         from batch_cluster c cross join batch_times t`,
    );
    await client.query(
      `insert into clusters (id, organization_id, name, tier_id, provider, region,
                             kubernetes_version, kubernetes_patch, status, endpoint, addons,
                             order_id, node_count, monthly_cost_cents, created_at, updated_at)
       select c.cluster_id, c.organization_id, 'c-' || c.i,
              (select id from cluster_tiers where slug = 'blue'), 'alpenkube', 'eu-de-fra',
              '1.37', '1.37.2', 'running', 'https://c-' || c.i || '.batch.example',
              '["monitoring"]', c.order_id, 3, 45000, t.ordered_at, t.ordered_at
         from batch_cluster c cross join batch_times t`,
    );
    await client.query(
      `insert into cluster_events (cluster_id, kind, status, message, created_at)
       select c.cluster_id, 'create', 'running', 'The cluster is running',
              t.ordered_at + interval '10 minutes'
         from batch_cluster c cross join batch_times t`,
    );
    await client.query(
      `insert into cluster_node_pools (id, cluster_id, name, size, count, created_at)
       select c.pool_id, c.cluster_id, 'general', 'm-4vcpu-16gb', 3, t.ordered_at
         from batch_cluster c cross join batch_times t`,
    );
    await client.query(
      `insert into cluster_nodes (cluster_id, pool_id, name, zone, status, version, created_at)
       select c.cluster_id, c.pool_id, 'c-' || c.i || '-general-' || k, 'eu-de-fra-' || k,
              'ready', '1.37.2', t.ordered_at
         from batch_cluster c cross join batch_times t cross join generate_series(1, 3) k`,
    );
    await client.query(
      `insert into cluster_volumes (cluster_id, name, size_gb, storage_class, created_at)
       select c.cluster_id, 'data', 100, 'standard', t.ordered_at
         from batch_cluster c cross join batch_times t where c.i % 3 = 0`,
    );
    await client.query(
      `insert into cluster_load_balancers (cluster_id, name, ip, simulated, created_at)
       select c.cluster_id, 'ingress', '198.18.' || (c.i / 250) % 256 || '.' || c.i % 250 + 1,
              true, t.ordered_at
         from batch_cluster c cross join batch_times t where c.i % 5 = 0`,
    );
    // Paid until the middle of next month: no renewal is due until the bench makes it so.
    await client.query(
      `insert into subscriptions (organization_id, kind, cluster_id, order_id, billing_cycle,
                                  paid_config, period_price_cents, period_start, period_end,
                                  created_at, updated_at)
       select c.organization_id, 'cluster', c.cluster_id, c.order_id, 'monthly',
              '{"nodePools":[{"name":"general","count":3}],"addons":["monitoring"]}',
              45000, t.month_start, t.month_start + interval '1 month 14 days', t.ordered_at,
              t.ordered_at
         from batch_cluster c cross join batch_times t`,
    );
    await client.query(
      `insert into metering_cursors (cluster_id, metered_through)
       select c.cluster_id, t.metered_through from batch_cluster c cross join batch_times t`,
    );
    // Nodes beyond the paid three are what metering bills: one in four clusters ran a fourth.
    const records = await client.query(
      `insert into usage_records (organization_id, cluster_id, metric, hour, quantity_milli,
                                  billable_milli, cost_millicents)
       select c.organization_id, c.cluster_id, m.metric, h.hour, m.quantity, m.billable, m.cost
         from batch_cluster c cross join batch_times t
        cross join generate_series(t.month_start - $1::int * interval '1 hour',
                                   t.month_start - interval '1 hour', interval '1 hour') h(hour)
        cross join (values ('control_plane_hours', 1000, 0, 0), ('addon_hours', 1000, 0, 0),
                           ('node_hours', 4000, 1000, 19726)) m(metric, quantity, billable, cost)
        where m.metric <> 'node_hours' or c.i % 4 = 0`,
      [BILLED_HOURS],
    );
    for (const [table, key] of [
      ['usage_daily', `cluster_id, metric, to_char(hour at time zone 'UTC', 'YYYY-MM-DD')`],
      ['usage_monthly', `cluster_id, metric, to_char(hour at time zone 'UTC', 'YYYY-MM')`],
    ] as const) {
      await client.query(
        `insert into ${table} select organization_id, ${key}, sum(quantity_milli),
                sum(billable_milli), sum(cost_millicents)
           from usage_records where cluster_id in (select cluster_id from batch_cluster)
          group by organization_id, ${key}`,
      );
    }
    await client.query(
      `insert into usage_organization_daily (organization_id, day, metric, quantity_milli,
                                             billable_milli, cost_millicents)
       select organization_id, day, metric, sum(quantity_milli), sum(billable_milli),
              sum(cost_millicents)
         from usage_daily where organization_id in (select id from batch_org)
        group by organization_id, day, metric`,
    );
    const [first] = (
      await client.query<{ id: number; username: string }>(
        `select o.id, u.username from batch_org o join users u on u.organization_id = o.id
          where o.n = 1`,
      )
    ).rows;
    await client.query('commit');
    await client.query('analyze');
    return {
      clusters,
      organizations,
      largestOrganizationId: first!.id,
      largestClusters: largest,
      largestAdmin: first!.username,
      usageRecords: records.rowCount ?? 0,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
