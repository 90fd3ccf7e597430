import pg from 'pg';
import type { FailoverRun, KillWindow, RequestRecord } from './failover-load.ts';

/**
 * The rule for a failed request (no answer, or 5xx): it is the kill's doing only when nginx
 * says it went to the killed instance and it was in flight while that process died, from the
 * SIGKILL to its exit (it started before the exit and ended after the SIGKILL). Once the
 * process is gone its port refuses connections, nginx passes every request on to another
 * instance, and nothing may fail any more, restart or not.
 */
export function failedByTheKill(record: RequestRecord, kill: KillWindow): boolean {
  return (
    record.upstream !== null &&
    record.upstream.split(', ').includes(kill.address) &&
    record.start <= kill.exitedAt &&
    record.end >= kill.killedAt
  );
}

/**
 * How long after the killed process exited its sockets may still be seen closing: nginx closes
 * the client's side once it reads the upstream's end, and a busy client hears of it late.
 */
const SOCKET_CLOSE_GRACE_MS = 2000;

/** The customers arrive and sign in over the first seconds of the load. */
const ARRIVAL_MS = 5000;

const isFailure = (record: RequestRecord) => record.status === null || record.status >= 500;

export interface RouteFigures {
  route: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

/** Requests, p50 and p99 per route (answered requests' latency), busiest route first. */
export function routeFigures(records: RequestRecord[]): RouteFigures[] {
  const byRoute = new Map<string, RequestRecord[]>();
  for (const record of records) {
    byRoute.set(record.route, [...(byRoute.get(record.route) ?? []), record]);
  }
  return [...byRoute.entries()]
    .map(([route, list]) => {
      const latencies = list
        .filter((record) => !isFailure(record))
        .map((record) => record.end - record.start)
        .sort((a, b) => a - b);
      return {
        route,
        requests: list.length,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        failures: list.filter(isFailure).length,
      };
    })
    .sort((a, b) => b.requests - a.requests);
}

export interface PhaseFigures {
  phase: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

/** Every request by when it started: the arrivals, before the kill, until the restart is ready, after. */
function phaseFigures(run: FailoverRun): PhaseFigures[] {
  const { kill } = run;
  const arrivals = run.loadStartedAt + ARRIVAL_MS;
  const phases: [string, number, number][] = [
    ['arrivals (sign-in burst, first 5 s)', run.loadStartedAt, arrivals],
    ['before the kill', arrivals, kill.killedAt],
    ['kill to restarted instance ready', kill.killedAt, kill.readyAt],
    ['after the restart', kill.readyAt, Infinity],
  ];
  return phases.map(([phase, from, to]) => {
    const latencies = run.records
      .filter((record) => record.start >= from && record.start < to && !isFailure(record))
      .map((record) => record.end - record.start)
      .sort((a, b) => a - b);
    return {
      phase,
      requests: latencies.length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
    };
  });
}

export interface FailoverReport {
  phases: PhaseFigures[];
  requests: number;
  requestsPerSecond: number;
  routes: RouteFigures[];
  /** Failed requests the kill explains, and those it does not (must be none). */
  failuresInKillWindow: RequestRecord[];
  unexplainedFailures: RequestRecord[];
  /** Requests the restarted instance answered once it was ready: it is back in the rotation. */
  servedAfterRestart: number;
  /** Answers other than the step expects, 5xx aside (a 4xx the journey should not get). */
  unexpectedAnswers: RequestRecord[];
  lostOrders: number[];
  ordersPerKey: { key: string; orders: number }[];
  lostPayments: number[];
  doubleCharges: unknown[];
  lostTickets: number[];
  repeatedTickets: unknown[];
  clustersProvisionedTwice: unknown[];
  operationsRunTwice: unknown[];
  repeatedSteps: unknown[];
  clustersPerOrder: unknown[];
  socketsDropped: number;
  socketsNotReconnected: number[];
  socketsDroppedOutsideTheKill: number[];
  missedNotifications: { userId: number; missed: number[] }[];
  notificationsChecked: number;
  acknowledged: { orders: number; payments: number; tickets: number };
}

/** Judges a run: its requests by the kill rule, then the database, then the sockets. */
export async function checkFailoverRun(run: FailoverRun): Promise<FailoverReport> {
  const { records, kill, acknowledged } = run;
  const failures = records.filter(isFailure);
  const sql = new pg.Client({ connectionString: run.databaseUrl });
  await sql.connect();
  try {
    const rows = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await sql.query<R>(text, values)).rows;
    const orderIds = acknowledged.orders.map((order) => order.orderId);
    const found = new Set(
      (await rows<{ id: number }>('select id from orders where id = any($1)', [orderIds])).map(
        (row) => row.id,
      ),
    );
    const ordersPerKey = await rows<{ key: string; orders: number }>(
      `select idempotency_key as key, count(*)::int as orders from orders
        where idempotency_key = any($1) group by idempotency_key having count(*) <> 1`,
      [acknowledged.orders.map((order) => order.key)],
    );
    // A key that never got an answer may have placed its order, but never two.
    ordersPerKey.push(
      ...(await rows<{ key: string; orders: number }>(
        `select idempotency_key as key, count(*)::int as orders from orders
          where idempotency_key = any($1) group by idempotency_key having count(*) > 1`,
        [acknowledged.orderKeys],
      )),
    );
    const paid = new Set(
      (
        await rows<{ order_id: number }>(
          `select order_id from payments where status = 'succeeded' and order_id = any($1)`,
          [acknowledged.paidOrders],
        )
      ).map((row) => row.order_id),
    );
    // Every order of the run: one succeeded payment at most, and one charge at the gateway.
    const doubleCharges = await rows(
      `select p.order_id, count(distinct p.id) filter (where p.status = 'succeeded') as payments,
              count(c.id) filter (where c.status = 'succeeded') as charges
         from payments p left join test_gateway_charges c on c.idempotency_key = 'payment-' || p.id
        group by p.order_id
       having count(distinct p.id) filter (where p.status = 'succeeded') > 1
           or count(c.id) filter (where c.status = 'succeeded') > 1`,
    );
    const ticketIds = acknowledged.tickets.map((ticket) => ticket.ticketId);
    const foundTickets = new Set(
      (
        await rows<{ id: number }>('select id from support_tickets where id = any($1)', [ticketIds])
      ).map((row) => row.id),
    );
    const repeatedTickets = await rows(
      `select subject, count(*) from support_tickets where subject like 'Load %'
        group by subject having count(*) > 1`,
    );
    const clustersProvisionedTwice = await rows(
      `select cluster_id, count(*) from cluster_operations where kind = 'provision'
        group by cluster_id having count(*) > 1`,
    );
    const operationsRunTwice = await rows(
      `select payload->>'operationId' as operation, count(*) from jobs
        where type = 'cluster.operation' group by 1 having count(*) > 1`,
    );
    const repeatedSteps = await rows(
      `select cluster_id, step_key, message, count(*) from cluster_events
        where step_key is not null group by cluster_id, step_key, message having count(*) > 1`,
    );
    const clustersPerOrder = await rows(
      `select order_id, count(*) from clusters where order_id is not null
        group by order_id having count(*) > 1`,
    );

    // The sockets: every drop is the kill's, is followed by a reconnection, and every
    // notification written after the last connection opened (and before the drain) arrived.
    const droppedOutside: number[] = [];
    const notReconnected: number[] = [];
    const missed: { userId: number; missed: number[] }[] = [];
    let dropped = 0;
    let checked = 0;
    for (const socket of run.sockets) {
      const drops = socket.segments.filter(
        (segment) => segment.closedAt !== null && segment.closedAt < run.pushDeadline,
      );
      if (drops.length) dropped += 1;
      if (
        drops.some(
          (segment) =>
            segment.closedAt! < kill.killedAt ||
            segment.closedAt! > kill.exitedAt + SOCKET_CLOSE_GRACE_MS,
        )
      ) {
        droppedOutside.push(socket.userId);
      }
      const last = socket.segments.at(-1);
      if (!last || (last.closedAt !== null && last.closedAt < run.pushDeadline)) {
        notReconnected.push(socket.userId);
        continue;
      }
      const written = await rows<{ id: number }>(
        `select id from notifications where user_id = $1
            and created_at > to_timestamp($2::double precision / 1000)
            and created_at < to_timestamp($3::double precision / 1000)`,
        [socket.userId, last.openedAt, run.pushDeadline],
      );
      checked += written.length;
      const lost = written.map((row) => row.id).filter((id) => !socket.received.has(id));
      if (lost.length) missed.push({ userId: socket.userId, missed: lost });
    }

    const seconds = (run.loadEndedAt - run.loadStartedAt) / 1000;
    return {
      phases: phaseFigures(run),
      requests: records.length,
      requestsPerSecond: Math.round(records.length / seconds),
      routes: routeFigures(records),
      failuresInKillWindow: failures.filter((record) => failedByTheKill(record, kill)),
      unexplainedFailures: failures.filter((record) => !failedByTheKill(record, kill)),
      servedAfterRestart: records.filter(
        (record) =>
          record.upstream === kill.address && record.start > kill.readyAt && !isFailure(record),
      ).length,
      unexpectedAnswers: records.filter((record) => !isFailure(record) && !record.expected),
      lostOrders: orderIds.filter((id) => !found.has(id)),
      ordersPerKey,
      lostPayments: acknowledged.paidOrders.filter((id) => !paid.has(id)),
      doubleCharges,
      lostTickets: ticketIds.filter((id) => !foundTickets.has(id)),
      repeatedTickets,
      clustersProvisionedTwice,
      operationsRunTwice,
      repeatedSteps,
      clustersPerOrder,
      socketsDropped: dropped,
      socketsNotReconnected: notReconnected,
      socketsDroppedOutsideTheKill: droppedOutside,
      missedNotifications: missed,
      notificationsChecked: checked,
      acknowledged: {
        orders: acknowledged.orders.length,
        payments: acknowledged.paidOrders.length,
        tickets: acknowledged.tickets.length,
      },
    };
  } finally {
    await sql.end();
  }
}

/** The figures as the docs show them. */
export function printFailoverReport(report: FailoverReport, run: FailoverRun) {
  const seconds = ((run.loadEndedAt - run.loadStartedAt) / 1000).toFixed(1);
  console.log(
    `\n${report.requests} requests in ${seconds} s: ${report.requestsPerSecond} req/s through nginx ` +
      `to three instances; killed ${run.kill.address} at +${((run.kill.killedAt - run.loadStartedAt) / 1000).toFixed(1)} s, ` +
      `exited after ${run.kill.exitedAt - run.kill.killedAt} ms, ready again after ${run.kill.readyAt - run.kill.killedAt} ms ` +
      `(setup: instances ${run.setup.instancesMs} ms, customers ${run.setup.customersMs} ms)`,
  );
  console.log('\n| route | requests | p50 ms | p99 ms | failed |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of report.routes) {
    console.log(
      `| ${row.route} | ${row.requests} | ${row.p50Ms} | ${row.p99Ms} | ${row.failures} |`,
    );
  }
  console.log('\n| phase | answered | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const row of report.phases) {
    console.log(`| ${row.phase} | ${row.requests} | ${row.p50Ms} | ${row.p99Ms} |`);
  }
  const summary = {
    failuresInKillWindow: report.failuresInKillWindow.map(
      (r) => `${r.route} ${r.status ?? 'no answer'}`,
    ),
    unexplainedFailures: report.unexplainedFailures.length,
    unexpectedAnswers: report.unexpectedAnswers.length,
    servedAfterRestart: report.servedAfterRestart,
    acknowledged: report.acknowledged,
    lostOrders: report.lostOrders.length,
    keysWithOtherThanOneOrder: report.ordersPerKey.length,
    lostPayments: report.lostPayments.length,
    doubleCharges: report.doubleCharges.length,
    lostTickets: report.lostTickets.length,
    repeatedTickets: report.repeatedTickets.length,
    clustersProvisionedTwice: report.clustersProvisionedTwice.length,
    operationsRunTwice: report.operationsRunTwice.length,
    repeatedSteps: report.repeatedSteps.length,
    clustersPerOrderAboveOne: report.clustersPerOrder.length,
    socketsDropped: report.socketsDropped,
    socketsDroppedOutsideTheKill: report.socketsDroppedOutsideTheKill.length,
    socketsNotReconnected: report.socketsNotReconnected.length,
    notificationsChecked: report.notificationsChecked,
    missedNotifications: report.missedNotifications.length,
  };
  console.log(JSON.stringify(summary, null, 2));
}
