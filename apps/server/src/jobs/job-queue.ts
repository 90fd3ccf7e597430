import os from 'node:os';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { jobs } from './schema.ts';
import type { Database, DbOrTx } from '../db/client.ts';

export const JOBS_CHANNEL = 'jobs_ready';
const POLL_MS = 1000;
const BATCH = 5;
/** A handler that has not finished by then fails (and is retried like any failure). */
export const HANDLER_TIMEOUT_MS = 2 * 60 * 1000;
/**
 * A worker renews its hold on the jobs it runs this often, however long they take; a hold not
 * renewed for STALE_AFTER_MS belongs to a worker that died (SIGKILL, a lost machine), and its
 * jobs go back to the queue, so another instance, or the restarted one, resumes them in seconds.
 */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;
/** How often each instance looks for jobs whose worker died. */
const RELEASE_STALE_EVERY_MS = 10_000;

/**
 * A kind of job: its name in the jobs table and the schema of its payload. The payload is
 * checked when the job is queued and again when it runs, so a handler only ever sees a payload
 * of its own type, even one written by an older version of the code.
 */
export interface JobType<P> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
}

export function defineJob<S extends z.ZodType>(name: string, payload: S): JobType<z.output<S>> {
  return { name, payload: payload as z.ZodType<z.output<S>> };
}

export interface JobContext {
  /** Aborts when the handler timed out: whatever it still does is no longer awaited. */
  signal: AbortSignal;
  /** This run's number, from 1; the job fails for good after `maxAttempts`. */
  attempt: number;
  maxAttempts: number;
}
/**
 * A handler that waits on something outside (a provider's long operation) answers
 * `{ rescheduleInMs }`: the same job runs again then, its attempts counted from zero, since
 * waiting is not failing. One job row carries the whole piece of work, so it never runs twice.
 */
export type JobResult = void | { rescheduleInMs: number };
export type JobHandler<P> = (payload: P, context: JobContext) => Promise<JobResult>;

export interface JobTypeOptions {
  /** The delay after the n-th failure is `backoffBaseMs` × 2^(n−1). */
  backoffBaseMs?: number;
  /**
   * Called once the job has failed for good (its last attempt, a time-out, its worker died), so
   * that the work it carried does not stay half done without anyone knowing.
   */
  onGiveUp?: (payload: unknown, reason: string) => Promise<void>;
}

/** A payload its job type refuses: retrying cannot help, so the job fails at once. */
class InvalidPayloadError extends Error {
  constructor(type: string, issues: string) {
    super(`Invalid payload for ${type}: ${issues}`);
    this.name = 'InvalidPayloadError';
  }
}

class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`Job timed out after ${Math.round(ms / 1000)} s`);
    this.name = 'JobTimeoutError';
  }
}

/** Runs a handler, failing it once `timeoutMs` passed. */
async function withTimeout<P>(
  handler: JobHandler<P>,
  payload: P,
  timeoutMs: number,
  attempts: { attempt: number; maxAttempts: number },
): Promise<JobResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new JobTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      handler(payload, { signal: controller.signal, ...attempts }),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

/** Adds a job in the caller's transaction: it exists exactly when the work that asked for it does. */
export async function enqueueJob<P>(
  db: DbOrTx,
  type: JobType<P>,
  payload: P,
  options: { runAt?: Date; maxAttempts?: number } = {},
): Promise<void> {
  await db.insert(jobs).values({
    type: type.name,
    payload: type.payload.parse(payload) as Record<string, unknown>,
    runAt: options.runAt ?? new Date(),
    maxAttempts: options.maxAttempts ?? 5,
  });
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${type.name})`);
}

/**
 * A durable queue in the jobs table. Workers on every instance claim due jobs with
 * FOR UPDATE SKIP LOCKED, so each job runs once however many instances share the database,
 * and a job a crashed worker held is picked up again after STALE_AFTER_MS.
 */
export function createJobRunner(
  database: Database,
  log: Logger,
  options: { handlerTimeoutMs?: number } = {},
) {
  const handlerTimeoutMs = options.handlerTimeoutMs ?? HANDLER_TIMEOUT_MS;
  const { db } = database;
  type Run = (
    payload: unknown,
    timeoutMs: number,
    attempts: { attempt: number; maxAttempts: number },
  ) => Promise<JobResult>;
  const handlers = new Map<
    string,
    { run: Run; backoffBaseMs: number; onGiveUp?: JobTypeOptions['onGiveUp'] }
  >();

  /** Tells the job's owner that it failed for good; its own failure is only logged. */
  async function gaveUp(type: string, payload: unknown, reason: string) {
    try {
      await handlers.get(type)?.onGiveUp?.(payload, reason);
    } catch (error) {
      log.error({ err: error, type }, 'giving up a job failed');
    }
  }
  const workerId = `${os.hostname()}:${process.pid}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;
  let wakeAgain = false;
  let unlisten: (() => Promise<void>) | undefined;
  /** The ids of the jobs this worker is running now. */
  const inHand = new Set<number>();

  async function claim() {
    const result = await db.execute<{
      id: number;
      type: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(sql`
      update jobs set status = 'running', locked_by = ${workerId}, locked_at = now(), attempts = attempts + 1
      where id in (
        select id from jobs
        where status = 'pending' and run_at <= now()
        order by run_at, id
        for update skip locked
        limit ${BATCH}
      )
      returning id, type, payload, attempts, max_attempts`);
    return result.rows;
  }

  async function runJob(job: Awaited<ReturnType<typeof claim>>[number]) {
    try {
      await runClaimed(job);
    } finally {
      inHand.delete(job.id);
    }
  }

  /**
   * A job's outcome is written only while this worker still holds it: one taken back as stale
   * (and perhaps given up, or run elsewhere) is never overwritten by a late finish.
   */
  const stillOurs = (id: number) =>
    and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId));

  async function runClaimed(job: Awaited<ReturnType<typeof claim>>[number]) {
    const handler = handlers.get(job.type);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      const result = await handler.run(job.payload, handlerTimeoutMs, {
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      });
      if (result) {
        await db
          .update(jobs)
          .set({
            status: 'pending',
            attempts: 0,
            lastError: null,
            runAt: new Date(Date.now() + result.rescheduleInMs),
            lockedBy: null,
            lockedAt: null,
          })
          .where(stillOurs(job.id));
        // Run it when it asked to, rather than at the next poll.
        if (!stopped) setTimeout(tick, result.rescheduleInMs).unref();
        return;
      }
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lastError: null })
        .where(stillOurs(job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, jobId: job.id, type: job.type }, 'job failed');
      const giveUp = job.attempts >= job.max_attempts || error instanceof InvalidPayloadError;
      // Exponential back-off: 2 s, 4 s, 8 s… by default, capped at 10 minutes.
      const delayMs = Math.min(2 ** (job.attempts - 1) * (handler?.backoffBaseMs ?? 2000), 600_000);
      const recorded = await db
        .update(jobs)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message.slice(0, 2000),
          runAt: new Date(Date.now() + delayMs),
          lockedBy: null,
          lockedAt: null,
          finishedAt: giveUp ? new Date() : null,
        })
        .where(stillOurs(job.id))
        .returning({ id: jobs.id });
      if (giveUp && recorded.length > 0) await gaveUp(job.type, job.payload, message);
    }
  }

  /**
   * Renews this worker's hold on what it runs now: see HEARTBEAT_MS. Only the jobs in hand, not
   * every row marked as this worker's: a job whose outcome could not be written (the database
   * went away as it finished) must go stale and be released, not be kept running forever.
   */
  async function heartbeat() {
    if (inHand.size === 0) return;
    await db
      .update(jobs)
      .set({ lockedAt: new Date() })
      .where(
        and(eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId), inArray(jobs.id, [...inHand])),
      );
  }

  /**
   * Takes back jobs whose worker died. The claim counted that run as an attempt, so a job that
   * kills its worker every time (a crash, running out of memory) fails after its last attempt
   * instead of taking every instance down in turn, forever.
   */
  async function releaseStale() {
    const stale = and(
      eq(jobs.status, 'running'),
      lt(jobs.lockedAt, new Date(Date.now() - STALE_AFTER_MS)),
    );
    const reason = 'The worker stopped while running it, on its last attempt';
    const failed = await db
      .update(jobs)
      .set({
        status: 'failed',
        lockedBy: null,
        lockedAt: null,
        finishedAt: new Date(),
        lastError: reason,
      })
      .where(and(stale, gte(jobs.attempts, jobs.maxAttempts)))
      .returning({ type: jobs.type, payload: jobs.payload });
    for (const job of failed) await gaveUp(job.type, job.payload, reason);
    await db.update(jobs).set({ status: 'pending', lockedBy: null, lockedAt: null }).where(stale);
  }

  /** Runs every due job until none is left. */
  async function drain(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return done;
      // Held from the claim, not from each one's turn: the heartbeat must keep the jobs still
      // waiting in the batch, or they go stale behind slow ones and another worker runs them too.
      for (const job of batch) inHand.add(job.id);
      try {
        // Side by side: one customer's slow job (a cluster's ten-second slice) must not hold up
        // the others claimed with it. They are different jobs, each made safe against running
        // beside any other, as they already run beside other instances' jobs.
        const outcomes = await Promise.allSettled(batch.map(runJob));
        const failed = outcomes.find((outcome) => outcome.status === 'rejected');
        if (failed) throw failed.reason;
      } finally {
        // A run that threw (its outcome could not be written) leaves the rest to go stale.
        for (const job of batch) inHand.delete(job.id);
      }
      done += batch.length;
    }
  }

  function tick() {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    running = (async () => {
      try {
        do {
          wakeAgain = false;
          await drain();
        } while (wakeAgain && !stopped);
      } catch (error) {
        log.error({ err: error }, 'job runner tick failed');
      } finally {
        running = null;
      }
    })();
  }

  const chores: { everyMs: number; name: string; run: () => Promise<void> }[] = [
    { everyMs: RELEASE_STALE_EVERY_MS, name: 'release stale jobs', run: releaseStale },
    { everyMs: HEARTBEAT_MS, name: 'job heartbeat', run: heartbeat },
  ];
  const choreTimers: NodeJS.Timeout[] = [];

  return {
    /** The module that owns a job type registers its handler, once, when it is built. */
    register<P>(type: JobType<P>, handler: JobHandler<P>, options: JobTypeOptions = {}) {
      if (handlers.has(type.name)) throw new Error(`Job type ${type.name} is registered twice`);
      handlers.set(type.name, {
        backoffBaseMs: options.backoffBaseMs ?? 2000,
        onGiveUp: options.onGiveUp,
        run: (raw, timeoutMs, attempts) => {
          const parsed = type.payload.safeParse(raw);
          if (!parsed.success) {
            throw new InvalidPayloadError(
              type.name,
              parsed.error.issues.map((i) => i.message).join('; '),
            );
          }
          return withTimeout(handler, parsed.data, timeoutMs, attempts);
        },
      });
    },
    /** Upkeep every instance that runs jobs does now and then; it must be safe to run twice. */
    every(everyMs: number, name: string, run: () => Promise<void>) {
      chores.push({ everyMs, name, run });
    },
    drain,
    releaseStale,
    heartbeat,
    async start() {
      stopped = false;
      // The embedded database is this process's alone (its directory is locked): a job still
      // marked running was held by this process before it was killed, and resumes now.
      if (database.kind === 'pglite') {
        await db
          .update(jobs)
          .set({ status: 'pending', lockedBy: null, lockedAt: null })
          .where(eq(jobs.status, 'running'));
      }
      unlisten = await database.listen(JOBS_CHANNEL, () => {
        if (!stopped) tick();
      });
      timer = setInterval(tick, POLL_MS);
      timer.unref();
      for (const chore of chores) {
        const runChore = () =>
          void chore
            .run()
            .catch((error: unknown) => log.error({ err: error }, `${chore.name} failed`));
        runChore();
        choreTimers.push(setInterval(runChore, chore.everyMs).unref());
      }
      tick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const choreTimer of choreTimers.splice(0)) clearInterval(choreTimer);
      await unlisten?.();
      await running;
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
