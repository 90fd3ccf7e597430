import pg from 'pg';
import { load, type LoadResult } from './load.ts';

/** The demo organization's clusters (not deleted) before `GET /api/clusters` is measured. */
const LISTED_CLUSTERS = 500;

/**
 * Brings the demo organization to `count` clusters, written in SQL (provisioning 500 through
 * the API would take minutes): each with one pool of three ready nodes, spread over every
 * provider's regions, a year and a half of creation dates, one in ten degraded and one in
 * twenty-five failed, as a long-lived organization's list would be. Their past is not metered
 * (they are metered through the current hour), or metering it would load the server throughout
 * the rest of the bench.
 */
async function seedClusters(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with org as (select organization_id as id from users where username = 'demo'),
        missing as (
          select $1::int - count(*)::int as n from clusters
           where organization_id = (select id from org) and status <> 'deleted'),
        places as (
          select p.slug as provider, r.code as region,
                 row_number() over (order by p.id, r.id) - 1 as n, count(*) over () as total
            from regions r join providers p on p.id = r.provider_id),
        tier as (select id from cluster_tiers where slug = 'blue'),
        version as (select minor, latest_patch from kubernetes_versions order by minor desc limit 1),
        made as (
          insert into clusters (organization_id, name, tier_id, provider, region,
                                kubernetes_version, kubernetes_patch, addons, status, status_reason,
                                node_count, monthly_cost_cents, created_at, updated_at)
          select org.id, 'listed-' || lpad(i::text, 3, '0'), tier.id, places.provider,
                 places.region, version.minor, version.latest_patch, '["monitoring"]'::jsonb,
                 case when i % 25 = 0 then 'failed' when i % 10 = 0 then 'degraded' else 'running' end,
                 case when i % 25 = 0 then 'No capacity in the region right now'
                      when i % 10 = 0 then 'A node is not ready' end,
                 3, 45000 + i * 100, now() - i * interval '1 day', now()
            from generate_series(1, (select n from missing)) as i
           cross join org cross join tier cross join version
            join places on places.n = i % places.total
          returning id, name, region, kubernetes_patch),
        pools as (
          insert into cluster_node_pools (cluster_id, name, size, count)
          select id, 'general', 'm-4vcpu-16gb', 3 from made
          returning id, cluster_id),
        cursors as (
          insert into metering_cursors (cluster_id, metered_through)
          select id, date_trunc('hour', now()) from made)
      insert into cluster_nodes (cluster_id, pool_id, name, zone, status, version)
      select made.id, pools.id, made.name || '-general-' || node, made.region || '-' || node,
             'ready', made.kubernetes_patch
        from made join pools on pools.cluster_id = made.id
       cross join generate_series(1, 3) as node`,
      [count],
    );
    await client.query('analyze clusters');
  } finally {
    await client.end();
  }
}

/** `GET /api/clusters` as the demo user: the default page (the 25 newest) of 500 clusters. */
export async function clusterListLoad(
  kind: string,
  serverUrl: string,
  cookie: string,
  databaseUrl: string,
): Promise<LoadResult> {
  await seedClusters(databaseUrl, LISTED_CLUSTERS);
  return load(
    `${kind} GET /api/clusters (a page of 25 of ${LISTED_CLUSTERS})`,
    `${serverUrl}/api/clusters`,
    { headers: { cookie } },
  );
}
