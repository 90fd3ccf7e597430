import { startTypeScriptWorker } from '../lib/typescript-worker.ts';
import { EmbeddedDatabaseStoppedError } from './errors.ts';

/*
 * The server's side of the embedded database's thread (pglite-worker.ts). It offers what
 * Drizzle's PGlite driver calls, `query` and `transaction`, plus `listen` and `close`, each as a
 * message to the thread, so no query ever runs on the server's own thread.
 */

export interface PgliteWorkerData {
  dataDir: string;
  startParams: string[];
}

type RowMode = 'array' | 'object';

export type PgliteRequest = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: RowMode; transaction?: number }
  | { op: 'begin' }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'close' }
);

interface SerialisedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number>;
}

export type PgliteReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerialisedError }
  | { kind: 'fatal' }
  | { kind: 'notification'; channel: string; payload: string }
  | { kind: 'answer'; id: number; ok: true; result: unknown }
  | { kind: 'answer'; id: number; ok: false; error: SerialisedError };

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface Queryable {
  query(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<QueryResult>;
}

/** The database's error as the server's code reads it: SQLSTATE `code`, `constraint`, and so on. */
function revive(error: SerialisedError): Error {
  const revived = Object.assign(new Error(error.message), error.fields);
  revived.name = error.name;
  if (error.stack) revived.stack = error.stack;
  return revived;
}

/** What the thread is doing, as the server's side sees it: enough to tell busy from gone. */
export interface ThreadActivity {
  /** It stopped for good (PostgreSQL's PANIC, the thread's crash, closed): it answers no more. */
  stopped: boolean;
  /** How long the oldest request still unanswered has waited, in ms; 0 when none waits. */
  oldestWaitMs: number;
}

export interface PgliteThread extends Queryable {
  transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T>;
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  activity(): ThreadActivity;
  close(): Promise<void>;
}

/**
 * Starts the embedded database in a thread of its own and answers once it is ready. `onFatal` is
 * called once if it stops for good (PostgreSQL's PANIC, the thread's crash): every call after
 * that fails with EmbeddedDatabaseStoppedError.
 */
export async function startPgliteThread(
  data: PgliteWorkerData,
  onFatal: (error: Error) => void,
): Promise<PgliteThread> {
  const worker = startTypeScriptWorker(new URL('./pglite-worker.ts', import.meta.url), data);
  // In the order sent (ids grow, and a Map keeps insertion order): the first is the oldest.
  const pending = new Map<
    number,
    { sentAt: number; resolve(value: unknown): void; reject(error: Error): void }
  >();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let stopped: Error | null = null;
  let closing = false;

  const stop = (error: Error) => {
    if (stopped) return;
    stopped = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    if (!closing) onFatal(error);
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: PgliteReply) => {
      switch (message.kind) {
        case 'ready':
          return resolve();
        case 'failed':
          return reject(revive(message.error));
        case 'fatal':
          return stop(new EmbeddedDatabaseStoppedError());
        case 'notification':
          for (const handler of listeners.get(message.channel) ?? []) handler(message.payload);
          return;
        case 'answer': {
          const call = pending.get(message.id);
          pending.delete(message.id);
          if (message.ok) call?.resolve(message.result);
          else call?.reject(revive(message.error));
        }
      }
    });
    worker.on('error', (error) => {
      reject(error);
      stop(new EmbeddedDatabaseStoppedError());
    });
    worker.on('exit', () => {
      reject(new EmbeddedDatabaseStoppedError());
      stop(new EmbeddedDatabaseStoppedError());
    });
  });
  await ready;

  function call<T>(request: DistributiveOmit<PgliteRequest, 'id'>): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, {
        sentAt: performance.now(),
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      worker.postMessage({ ...request, id });
    });
  }

  const queryIn =
    (transaction?: number): Queryable['query'] =>
    (sql, params = [], options = {}) =>
      call<QueryResult>({ op: 'query', sql, params, rowMode: options.rowMode, transaction });

  return {
    query: queryIn(),
    async transaction(callback) {
      const transaction = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await callback({ query: queryIn(transaction) });
      } catch (error) {
        await call({ op: 'end', transaction, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: 'end', transaction, commit: true });
      return result;
    },
    async listen(channel, handler) {
      let handlers = listeners.get(channel);
      if (!handlers) {
        handlers = new Set();
        listeners.set(channel, handlers);
        await call({ op: 'listen', channel });
      }
      handlers.add(handler);
      return async () => void handlers.delete(handler);
    },
    activity() {
      const oldest = pending.values().next().value;
      return {
        stopped: stopped !== null || closing,
        oldestWaitMs: oldest ? performance.now() - oldest.sentAt : 0,
      };
    },
    async close() {
      closing = true;
      try {
        if (!stopped) await call({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
