import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { weekdays, type Cluster } from '@alpenkube/contract';
import {
  clusterEventsOf,
  clusterOf,
  nodeNames,
  orderAndPayCluster,
  saveTestCard,
  signInProcess,
  waitFor,
  type ProcessCaller,
} from '../support/cluster-process.ts';
import { freePort, spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, dropTestDatabases } from '../support/test-database.ts';

/**
 * A three-node Dev/Test cluster provisions in about 9 s (182 simulated seconds); its upgrade
 * takes about 2 s for the control plane, then for each node 0.4 s for the extra node to join
 * and 2.6 s to drain the old one: some 11 s in all, most of it with an extra node in the pool.
 * Between its checks of the provider the operation's job waits in the queue, where a restarted
 * instance takes it at once; one killed while it held the job waits for that to go stale (30 s
 * on PostgreSQL). About 40 s alone, 70 s beside another process test on two cores.
 */
const SIM_SPEED = '20';
const COUNT = 3;

const started: ServerProcess[] = [];

async function startServer(databaseUrl: string) {
  const server = spawnServer({
    PORT: String(await freePort()),
    PROVIDER_SIM_SPEED: SIM_SPEED,
    DATABASE_URL: databaseUrl,
  });
  started.push(server);
  await server.ready;
  return server;
}

afterAll(async () => {
  await Promise.all(started.splice(0).map((server) => server.kill()));
});

const duplicates = (values: string[]) =>
  values.filter((value, index) => values.indexOf(value) !== index);

const poolOf = (cluster: Cluster) => cluster.nodePools[0]!;

/** The pool with an extra node in it, joining, or beside an old one draining. */
function surgeInFlight(cluster: Cluster) {
  const nodes = poolOf(cluster).nodes;
  if (nodes.length <= COUNT) return undefined;
  if (nodes.some((node) => node.status === 'joining')) return 'joining' as const;
  if (nodes.some((node) => node.status === 'removing')) return 'draining' as const;
  return undefined;
}

/**
 * Waits for the surge to be in flight (in the phase given, or either), checking on the way that
 * the pool never has more than one extra node, and kills the server there with SIGKILL.
 */
async function killMidSurge(
  server: ServerProcess,
  caller: ProcessCaller,
  clusterId: number,
  wanted?: 'joining' | 'draining',
) {
  const caught = await waitFor(
    `an extra node in the pool${wanted ? `, ${wanted}` : ''}`,
    async () => {
      const cluster = await clusterOf(caller, clusterId);
      expect(cluster.status).toBe('updating');
      expect(poolOf(cluster).nodes.length).toBeLessThanOrEqual(COUNT + 1);
      const phase = surgeInFlight(cluster);
      return phase && (!wanted || phase === wanted) ? { cluster, phase } : undefined;
    },
    90_000,
    20,
  );
  await server.kill();
  expect(poolOf(caught.cluster).nodes).toHaveLength(COUNT + 1);
  return caught;
}

describe('an automatic upgrade in the maintenance window, killed with SIGKILL mid-surge', () => {
  let databaseUrl: string | undefined;
  let sql: pg.Client | undefined;

  afterAll(async () => {
    await Promise.all(started.splice(0).map((server) => server.kill()));
    await sql?.end();
    if (databaseUrl) await dropTestDatabases(new URL(databaseUrl).pathname.slice(1));
  });

  it('finishes after a restart: the pool on the new patch, never a second extra node, none lost', async () => {
    databaseUrl = await createTestDatabase();
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) =>
      (await sql!.query<R>(text, values)).rows;

    const first = await startServer(databaseUrl);
    const caller = await signInProcess(first.url, 'newcomer');
    await saveTestCard(caller);
    const { clusterId } = await orderAndPayCluster(caller, {
      name: 'surge',
      tier: 'orange',
      provider: 'alpenkube',
      region: 'eu-de-fra',
      kubernetesVersion: '1.37',
      nodePools: [{ name: 'general', size: 's-2vcpu-4gb', count: COUNT }],
      haControlPlane: false,
      addons: [],
      supportPlan: 'basic',
    });
    await waitFor(
      'the cluster to run',
      async () => ((await clusterOf(caller, clusterId)).status === 'running' ? true : undefined),
      60_000,
    );

    // Created months ago: on the minor's first patch, a newer one out since.
    await query(`update clusters set kubernetes_patch = '1.37.0' where id = $1`, [clusterId]);
    await query(`update cluster_nodes set version = '1.37.0' where cluster_id = $1`, [clusterId]);

    // Its window is now (this hour, UTC), and the sweep the chore runs is run for it now.
    const now = new Date();
    const window = await caller.send('PUT', `/api/clusters/${clusterId}/maintenance`, {
      day: weekdays[(now.getUTCDay() + 6) % 7],
      hour: now.getUTCHours(),
      timeZone: 'UTC',
      autoUpgrade: true,
    });
    expect(window.status, JSON.stringify(window.body)).toBe(200);
    const planned = (window.body as Cluster).maintenance.planned!;
    expect(planned).toMatchObject({ reason: 'patch' });
    const target = planned.version;
    expect(target).not.toBe('1.37.0');
    const old = await clusterOf(caller, clusterId);
    const oldNames = nodeNames(old);
    expect(oldNames).toHaveLength(COUNT);

    const sweep = await caller.send('POST', `/api/dev/clusters/${clusterId}/maintenance-sweep`, {
      at: new Date().toISOString(),
    });
    expect(sweep).toEqual({ status: 200, body: { upgraded: [clusterId], notices: [] } });

    // Killed the moment an extra node is in the pool (most likely while it joins), then again,
    // after the restart, while an old node drains beside its replacement.
    const { cluster: before, phase } = await killMidSurge(first, caller, clusterId);
    expect(before.operation).toMatchObject({ kind: 'auto_upgrade' });
    console.info(`killed mid-surge, the extra node ${phase}: ${JSON.stringify(poolOf(before))}`);

    // The same database: the restarted instance takes the operation's job (at once if it was
    // waiting in the queue, once stale if the killed one held it) and goes on from the step it
    // was in, which does not plan or add its node again.
    const second = await startServer(databaseUrl);
    const draining = await killMidSurge(
      second,
      await signInProcess(second.url, 'newcomer'),
      clusterId,
      'draining',
    );
    console.info(`killed again, an old node draining: ${JSON.stringify(poolOf(draining.cluster))}`);

    const third = await startServer(databaseUrl);
    const again: ProcessCaller = await signInProcess(third.url, 'newcomer');
    const after = await waitFor(
      'the upgrade to finish',
      async () => {
        const cluster = await clusterOf(again, clusterId);
        expect(cluster.status).not.toBe('failed');
        expect(poolOf(cluster).nodes.length).toBeLessThanOrEqual(COUNT + 1);
        return cluster.status === 'running' ? cluster : undefined;
      },
      90_000,
      100,
    );

    // The pool: its count of nodes, all new and ready on the new patch, no name twice.
    expect(after).toMatchObject({ kubernetesPatch: target, nodeCount: COUNT, operation: null });
    const pool = poolOf(after);
    expect(pool.count).toBe(COUNT);
    const names = nodeNames(after);
    expect(names).toHaveLength(COUNT);
    expect(duplicates(names)).toEqual([]);
    expect(names.filter((name) => oldNames.includes(name))).toEqual([]);
    expect(pool.nodes.map((node) => [node.status, node.version])).toEqual(
      names.map(() => ['ready', target]),
    );
    // The new nodes the kills caught are among those that stayed.
    for (const caught of [before, draining.cluster]) {
      const fresh = nodeNames(caught).filter((name) => !oldNames.includes(name));
      expect(names).toEqual(expect.arrayContaining(fresh));
    }

    // Every node the pool ever had: each old one replaced once, so twice its count at most, and
    // never more than one extra node at a time.
    const history = await query<{ name: string; created_at: Date; removed_at: Date | null }>(
      `select name, created_at, removed_at from cluster_nodes where cluster_id = $1 order by id`,
      [clusterId],
    );
    expect(history.length).toBeLessThanOrEqual(COUNT * 2);
    expect(history.map((row) => row.name).sort()).toEqual([...oldNames, ...names].sort());
    expect(history.filter((row) => row.removed_at === null).map((row) => row.name)).toEqual(names);
    for (const { created_at: at } of history) {
      const alive = history.filter(
        (row) => row.created_at <= at && (row.removed_at === null || row.removed_at > at),
      );
      expect(alive.length).toBeLessThanOrEqual(COUNT + 1);
    }

    // The operation ran once: one auto-upgrade, started once, each of its steps done once.
    const operations = await query<{ kind: string; status: string; done: boolean }>(
      `select kind, status, next_step = jsonb_array_length(steps) as done
         from cluster_operations where cluster_id = $1 and kind <> 'provision' order by id`,
      [clusterId],
    );
    expect(operations).toEqual([{ kind: 'auto_upgrade', status: 'succeeded', done: true }]);
    const events = await clusterEventsOf(again, clusterId);
    const messages = events.map((event) => event.message);
    expect(duplicates(messages)).toEqual([]);
    expect(events.filter((event) => event.kind === 'retry' || event.kind === 'error')).toEqual([]);
    const matching = (pattern: RegExp) => messages.filter((message) => pattern.test(message));
    expect(matching(/in the maintenance window \(a patch release\)/)).toEqual([
      `Upgrading Kubernetes from 1.37.0 to ${target} in the maintenance window (a patch release), node by node with one extra node at a time`,
    ]);
    expect(matching(/^Control plane runs Kubernetes/)).toEqual([
      `Control plane runs Kubernetes ${target}`,
    ]);
    // Surge: each new node ready before an old one is drained, one node after the other.
    expect(matching(/^Node \S+ (is ready|replaced by)/)).toEqual(
      oldNames.flatMap((oldName, index) => [
        `Node ${names[index]} is ready (${target})`,
        `Node ${oldName} replaced by ${names[index]} (${target})`,
      ]),
    );
    expect(matching(/^Adding node /)).toHaveLength(COUNT);
    expect(matching(/^Cluster surge upgraded in its maintenance window$/)).toHaveLength(1);
    const mails = await query<{ subject: string }>(
      `select subject from outgoing_mail where subject like $1`,
      [`Cluster surge was upgraded to Kubernetes%`],
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Cluster surge was upgraded to Kubernetes ${target}`,
    ]);

    // The killed slice's job went back to the queue and finished; none failed.
    const jobs = await query<{ status: string }>(
      `select status from jobs where type = 'cluster.operation'
          and (payload->>'operationId')::int in
              (select id from cluster_operations where cluster_id = $1)`,
      [clusterId],
    );
    expect(jobs.filter((job) => job.status !== 'done')).toEqual([]);
    for (const server of [first, second, third]) expect(server.output()).not.toMatch(/job failed/);
  }, 240_000);
});
