import type { ThreadActivity } from '../../db/pglite-thread.ts';

/** `busy`: the database answers, but only after the query it is working on. */
export type DatabaseHealth = 'ok' | 'busy' | 'down';

/**
 * How long the embedded database's oldest unanswered request may wait before health stops
 * waiting for its probe and asks the thread whether it is only busy: half of the 100 ms health
 * is held to, so that a busy database still gets a prompt 200.
 */
export const HEALTH_DEADLINE_MS = 50;

/**
 * How long the embedded database's oldest unanswered request may have waited while it still
 * counts as busy rather than stuck. Its longest queries take seconds (one of 10 s is tested); a
 * request unanswered for 30 s means a query that does not end or a transaction never ended, and
 * health then answers 503 so that a load balancer takes the instance out, as it would once
 * PostgreSQL's queries time out (60 s, `db/client.ts`).
 */
export const BUSY_DATABASE_BOUND_MS = 30_000;

/**
 * Whether the database answers, for the health check. `probe` asks it (a query); on PostgreSQL
 * (no `activity`) its answer is the answer, however long it takes: a long query holds one
 * connection of the pool and the probe takes another. The embedded database has one
 * connection, so the probe waits behind whatever query runs: when it has not answered by the
 * time the oldest request has waited the deadline, a thread that is alive and whose oldest
 * request is younger than the bound is busy, not down. A stopped thread or a failed probe is
 * down.
 */
export function databaseHealth(
  probe: () => Promise<boolean>,
  activity: (() => ThreadActivity) | undefined,
  limits = { deadlineMs: HEALTH_DEADLINE_MS, busyBoundMs: BUSY_DATABASE_BOUND_MS },
): () => Promise<DatabaseHealth> {
  return async function health() {
    const answer = probe().then((ok): DatabaseHealth => (ok ? 'ok' : 'down'));
    if (!activity) return answer;
    // The deadline runs from when the oldest request was sent: the probe waits behind it, so
    // while a query has run that long already, health asks no further (a reused answer is in
    // before the timer fires).
    const waitMs = Math.max(0, limits.deadlineMs - activity().oldestWaitMs);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(resolve, waitMs, 'late');
    });
    const first = await Promise.race([answer, late]);
    clearTimeout(timer);
    if (first !== 'late') return first;
    const { stopped, oldestWaitMs } = activity();
    return !stopped && oldestWaitMs < limits.busyBoundMs ? 'busy' : 'down';
  };
}
