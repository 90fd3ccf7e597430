import pg from 'pg';
import type { CreateClusterOrder, PushMessage } from '@alpenkube/contract';
import {
  orderAndPayCluster,
  signInProcess,
  waitFor,
} from '../apps/server/test/support/cluster-process.ts';
import { latencyFigures, openPushSocket } from './push-latency.ts';

const provisioned = (name: string): CreateClusterOrder['cluster'] => ({
  name,
  tier: 'orange',
  provider: 'alpenkube',
  region: 'eu-fr-par',
  kubernetesVersion: '1.36',
  nodePools: [{ name: 'general', size: 's-2vcpu-4gb', count: 3 }],
  haControlPlane: false,
  addons: [],
  supportPlan: 'basic',
});
/** Accepting, network, control plane, etcd and three nodes: each step's start and end. */
const STEP_EVENTS_PER_CLUSTER = 14;

const now = () => performance.timeOrigin + performance.now();

/**
 * When each cluster event's transaction committed, as seen by a bystander listening on the
 * push channel of the same PostgreSQL: a NOTIFY is delivered when its transaction commits.
 */
async function commitTimes(databaseUrl: string) {
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  const committed = new Map<number, number>();
  listener.on('notification', ({ payload }) => {
    const heard = now();
    const { message } = JSON.parse(payload ?? '{}') as { message?: PushMessage };
    if (message?.type === 'cluster' && message.event) committed.set(message.event.id, heard);
  });
  await listener.query('listen push');
  return { committed, close: () => listener.end() };
}

/**
 * Orders and pays clusters as the demo user, all provisioning at once on the server's job
 * runner, and times every step's event until it arrives on a member's socket: from the event's
 * `at`, its transaction's start (`now()`), an upper bound that includes the step's own
 * transaction; and, on PostgreSQL, from its commit.
 */
export async function clusterPushLatency(
  serverUrl: string,
  cookie: string,
  samples = 1000,
  databaseUrl?: string,
) {
  const clusters = Math.ceil(samples / STEP_EVENTS_PER_CLUSTER);
  const commits = databaseUrl ? await commitTimes(databaseUrl) : null;
  const socket = await openPushSocket(serverUrl, cookie);
  const arrivals: { clusterId: number; eventId: number; at: number; arrived: number }[] = [];
  const running = new Set<number>();
  socket.on('message', (data) => {
    const arrived = now();
    const message = JSON.parse(String(data)) as PushMessage;
    if (message.type !== 'cluster') return;
    if (message.status === 'running') running.add(message.clusterId);
    const { event } = message;
    if (event?.kind !== 'step' && event?.kind !== 'node') return;
    arrivals.push({
      clusterId: message.clusterId,
      eventId: event.id,
      at: Date.parse(event.at),
      arrived,
    });
  });
  const caller = await signInProcess(serverUrl, 'demo');
  const ids: number[] = [];
  for (let start = 0; start < clusters; start += 8) {
    const batch = Array.from({ length: Math.min(8, clusters - start) }, (_, k) => start + k);
    const paid = await Promise.all(
      batch.map((i) => orderAndPayCluster(caller, provisioned(`pushed-${i}`))),
    );
    ids.push(...paid.map((order) => order.clusterId));
  }
  await waitFor(
    `${clusters} clusters to run`,
    async () => (ids.every((id) => running.has(id)) ? true : undefined),
    300_000,
    250,
  );
  socket.close();
  await commits?.close();
  const own = new Set(ids);
  const measured = arrivals.filter((arrival) => own.has(arrival.clusterId));
  return {
    clusters,
    fromStart: latencyFigures(measured.map((arrival) => arrival.arrived - arrival.at)),
    fromCommit: commits
      ? latencyFigures(
          measured.flatMap((arrival) => {
            const committed = commits.committed.get(arrival.eventId);
            return committed === undefined ? [] : [arrival.arrived - committed];
          }),
        )
      : null,
  };
}

export type ClusterPushFigures = Awaited<ReturnType<typeof clusterPushLatency>>;

export function printClusterPush(rows: [string, ClusterPushFigures][]) {
  console.log(
    '\n| cluster step → socket | from its transaction: p50 ms | p99 ms | from its commit: p50 ms | p99 ms | samples | clusters |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const ms = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(1));
  for (const [kind, { fromStart, fromCommit, clusters }] of rows) {
    console.log(
      `| ${kind} | ${ms(fromStart.p50Ms)} | ${ms(fromStart.p99Ms)} | ${ms(fromCommit?.p50Ms)} | ${ms(fromCommit?.p99Ms)} | ${fromStart.count} | ${clusters} |`,
    );
  }
}
