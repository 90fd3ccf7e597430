import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreateClusterOrder, Order } from '@alpenkube/contract';
import {
  clusterEventsOf,
  clusterOf,
  nodeNames,
  orderAndPayCluster,
  saveTestCard,
  signInProcess,
  waitFor,
} from '../support/cluster-process.ts';
import { freePort, spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, dropTestDatabases } from '../support/test-database.ts';

/**
 * A six-node Standard cluster provisions in about 6 s (221 simulated seconds), its nodes after
 * the first joining within the last 1.5 s; a Dev/Test cluster of one to three nodes in 4 to 5 s.
 */
const SIM_SPEED = '40';

const started: ServerProcess[] = [];

async function startServer(env: Record<string, string>) {
  const server = spawnServer({
    PORT: String(await freePort()),
    PROVIDER_SIM_SPEED: SIM_SPEED,
    ...env,
  });
  started.push(server);
  await server.ready;
  return server;
}

/** SIGKILL, as a crash would: the tests end with a look at the database, not a clean stop. */
async function killStarted() {
  await Promise.all(started.splice(0).map((server) => server.kill()));
}
afterAll(killStarted);

/** One pool of `nodes`; Dev/Test (Orange) small nodes and no add-on unless told otherwise. */
const cluster = (
  name: string,
  nodes: number,
  { tier = 'orange', size = 's-2vcpu-4gb', addons = [] as string[] } = {},
): CreateClusterOrder['cluster'] => ({
  name,
  tier,
  provider: 'alpenkube',
  region: 'eu-de-fra',
  kubernetesVersion: '1.36',
  nodePools: [{ name: 'general', size, count: nodes }],
  haControlPlane: false,
  addons,
  supportPlan: 'basic',
});

const duplicates = (values: string[]) =>
  values.filter((value, index) => values.indexOf(value) !== index);

describe('provisioning on the embedded database, killed with SIGKILL in the middle', () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    await killStarted();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes where it stopped after a restart: the planned nodes and each step once', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-provisioning-'));
    const first = await startServer({ DATA_DIR: dataDir });
    const caller = await signInProcess(first.url, 'newcomer');
    await saveTestCard(caller);
    const { orderId, clusterId } = await orderAndPayCluster(
      caller,
      cluster('six', 6, { tier: 'blue', size: 'm-4vcpu-16gb', addons: ['monitoring'] }),
    );

    // Killed once a node has joined, with more to join and the add-on still to install.
    const before = await waitFor(
      'a node to join',
      async () => {
        const now = await clusterOf(caller, clusterId);
        const ready = now.nodePools
          .flatMap((pool) => pool.nodes)
          .filter((n) => n.status === 'ready');
        return ready.length > 0 ? now : undefined;
      },
      60_000,
      50,
    );
    expect(before.status).toBe('provisioning');
    await first.kill();

    const second = await startServer({ DATA_DIR: dataDir });
    const again = await signInProcess(second.url, 'newcomer');
    const running = await waitFor(
      'the cluster to run',
      async () => {
        const now = await clusterOf(again, clusterId);
        expect(now.status).not.toBe('failed');
        return now.status === 'running' ? now : undefined;
      },
      60_000,
    );

    const names = nodeNames(running);
    expect(names).toHaveLength(6);
    expect(duplicates(names)).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(nodeNames(before)));
    expect(running.nodePools[0]!.nodes.every((node) => node.status === 'ready')).toBe(true);
    expect(running.addons.map((addon) => addon.slug)).toEqual(['monitoring']);

    const events = await clusterEventsOf(again, clusterId);
    const messages = events.map((event) => event.message);
    expect(duplicates(messages)).toEqual([]);
    const once = (pattern: RegExp) => messages.filter((message) => pattern.test(message));
    expect(once(/^Provisioning started$/)).toHaveLength(1);
    expect(once(/^Network and subnets ready/)).toHaveLength(1);
    expect(once(/^Control plane is up/)).toHaveLength(1);
    expect(once(/^etcd is healthy/)).toHaveLength(1);
    expect(once(/^Add-on monitoring installed$/)).toHaveLength(1);
    expect(once(/^Cluster six is running$/)).toHaveLength(1);
    const joins = once(/^Node .* joined pool general/);
    expect(joins.map((message) => message.split(' ')[1]).sort()).toEqual([...names].sort());

    const progress = events.flatMap((event) => (event.progress === null ? [] : [event.progress]));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);

    const order = await again.get<Order>(`/api/orders/${orderId}`);
    expect(order.status).toBe('completed');
  }, 240_000);
});

/** The checks of a fleet of clusters, straight from the shared database. */
function fleetQueries(sql: pg.Client, clusterIds: number[]) {
  const rows = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await sql.query<R>(text, [clusterIds, ...values])).rows;
  const operationJobs = `jobs.type = 'cluster.operation' and (jobs.payload->>'operationId')::int in
    (select id from cluster_operations where cluster_id = any($1))`;
  return {
    async running() {
      const [row] = await rows<{ count: string }>(
        `select count(*) from clusters where id = any($1) and status = 'running'`,
      );
      return Number(row!.count);
    },
    /** The workers that ran each finished job's last slice: `locked_by` stays on a done job. */
    async finishers() {
      return (
        await rows<{ locked_by: string }>(
          `select distinct locked_by from jobs where status = 'done' and ${operationJobs}`,
        )
      ).map((row) => row.locked_by);
    },
    async heldBy(worker: string) {
      return (
        await rows<{ id: string }>(
          `select id from jobs where status = 'running' and locked_by = $2 and ${operationJobs}`,
          [worker],
        )
      ).map((row) => row.id);
    },
    jobs: (ids: string[]) =>
      rows<{ status: string; locked_by: string }>(
        `select status, locked_by from jobs where id = any($2) and ${operationJobs}`,
        [ids],
      ),
    jobStatuses: () =>
      rows<{ status: string; count: string }>(
        `select status, count(*) from jobs where ${operationJobs} group by status`,
      ),
    nodes: () =>
      rows<{ cluster_id: number; nodes: string; names: string; ready: string }>(
        `select cluster_id, count(*) as nodes, count(distinct name) as names,
                count(*) filter (where status = 'ready') as ready
           from cluster_nodes where cluster_id = any($1) and removed_at is null
          group by cluster_id`,
      ),
    /** One row per planned step, with how many events say it is done (by key and words). */
    stepsDone: () =>
      rows<{ cluster_id: number; key: string; events: string }>(
        `select o.cluster_id, s.step->>'key' as key, count(e.id) as events
           from cluster_operations o
          cross join jsonb_array_elements(o.steps) as s(step)
           left join cluster_events e on e.cluster_id = o.cluster_id
            and e.step_key = o.id || ':' || (s.step->>'key') and e.message = s.step->>'done'
          where o.cluster_id = any($1)
          group by o.cluster_id, s.step->>'key'`,
      ),
    repeatedEvents: () =>
      rows(
        `select cluster_id, message, count(*) from cluster_events
          where cluster_id = any($1) group by cluster_id, message having count(*) > 1`,
      ),
    /** Events whose progress is lower than the cluster's event before. */
    progressGoingBack: () =>
      rows(
        `select cluster_id, id from (
           select cluster_id, id, progress,
                  lag(progress) over (partition by cluster_id order by id) as before
             from cluster_events where cluster_id = any($1) and progress is not null) e
          where progress < before`,
      ),
    retries: () =>
      rows(`select id from cluster_events where cluster_id = any($1) and kind = 'retry'`),
    unfinishedOperations: () =>
      rows(
        `select id from cluster_operations where cluster_id = any($1)
            and (status <> 'succeeded' or next_step <> jsonb_array_length(steps))`,
      ),
    /** The orders that bought the clusters. */
    orderStatuses: () =>
      rows<{ status: string; count: string }>(
        `select status, count(*) from orders
          where id in (select order_id from clusters where id = any($1)) group by status`,
      ),
  };
}

describe('two instances on one PostgreSQL provisioning 50 clusters', () => {
  const CLUSTERS = 50;
  let databaseUrl: string | undefined;
  let sql: pg.Client | undefined;

  afterAll(async () => {
    await killStarted();
    await sql?.end();
    if (databaseUrl) await dropTestDatabases(new URL(databaseUrl).pathname.slice(1));
  });

  it('share the work, never process a cluster twice, and the survivor finishes what a killed one held', async () => {
    databaseUrl = await createTestDatabase();
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    // Both start at once on an empty database, as instances behind a proxy would.
    const [a, b] = await Promise.all([
      startServer({ DATABASE_URL: databaseUrl }),
      startServer({ DATABASE_URL: databaseUrl }),
    ]);
    const workerOf = (server: ServerProcess) => `${os.hostname()}:${server.child.pid}`;
    const onA = await signInProcess(a.url, 'newcomer');
    const onB = await signInProcess(b.url, 'newcomer');
    await saveTestCard(onA);

    // Ordered through A, paid through A and B in turn, five at a time; one to three nodes each.
    const ordered: { clusterId: number; nodes: number }[] = [];
    for (let start = 0; start < CLUSTERS; start += 5) {
      const batch = Array.from({ length: 5 }, (_, k) => start + k);
      ordered.push(
        ...(await Promise.all(
          batch.map(async (i) => {
            const nodes = 1 + (i % 3);
            const config = cluster(`fleet-${String(i + 1).padStart(2, '0')}`, nodes);
            const { clusterId } = await orderAndPayCluster(onA, config, i % 2 ? onB : onA);
            return { clusterId, nodes };
          }),
        )),
      );
    }
    const fleet = fleetQueries(
      sql,
      ordered.map((entry) => entry.clusterId),
    );

    await waitFor(
      'half the clusters to run',
      async () => ((await fleet.running()) >= CLUSTERS / 2 ? true : undefined),
      90_000,
      50,
    );
    // Which instance picks up a job is a race; with 25 clusters done, each has won some.
    expect((await fleet.finishers()).sort()).toEqual([workerOf(a), workerOf(b)].sort());

    // B is frozen at a moment it holds jobs, and killed there: its transactions die with it,
    // and its jobs stay marked as running under it until A's chore finds them stale (30 s).
    const stranded = await waitFor(
      'B to hold a job',
      async () => {
        b.child.kill('SIGSTOP');
        const held = await fleet.heldBy(workerOf(b));
        if (held.length > 0) return held;
        b.child.kill('SIGCONT');
        return undefined;
      },
      20_000,
      10,
    );
    await b.kill();
    expect(await fleet.running()).toBeLessThan(CLUSTERS);

    await waitFor(
      'every cluster to run',
      async () => ((await fleet.running()) === CLUSTERS ? true : undefined),
      75_000,
      250,
    );
    expect(await fleet.jobs(stranded)).toEqual(
      stranded.map(() => ({ status: 'done', locked_by: workerOf(a) })),
    );
    expect(await fleet.jobStatuses()).toEqual([{ status: 'done', count: String(CLUSTERS) }]);
    expect(await fleet.retries()).toEqual([]);
    for (const server of [a, b]) expect(server.output()).not.toMatch(/job failed/);

    const nodes = new Map((await fleet.nodes()).map((row) => [row.cluster_id, row]));
    for (const { clusterId, nodes: count } of ordered) {
      const n = String(count);
      expect(nodes.get(clusterId)).toEqual({ cluster_id: clusterId, nodes: n, names: n, ready: n });
    }

    // The plan: accepting, network, control plane, etcd, then one step per node.
    const steps = await fleet.stepsDone();
    expect(steps).toHaveLength(ordered.reduce((sum, entry) => sum + 4 + entry.nodes, 0));
    expect(steps.filter((step) => step.events !== '1')).toEqual([]);
    expect(await fleet.repeatedEvents()).toEqual([]);
    expect(await fleet.progressGoingBack()).toEqual([]);
    expect(await fleet.unfinishedOperations()).toEqual([]);
    expect(await fleet.orderStatuses()).toEqual([{ status: 'completed', count: String(CLUSTERS) }]);
  }, 180_000);
});
