import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { startPgliteThread, type ThreadActivity } from './pglite-thread.ts';

/**
 * Both drivers expose the same query builder; the node-postgres type stands for both. Queries
 * name their tables, imported from the owning module's schema file, so the client is given none.
 */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type NotificationHandler = (payload: string) => void;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Subscribes to a NOTIFY channel (on PostgreSQL, from every instance); answers the unsubscribe. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /**
   * Calls `handler` each time the LISTEN connection comes back after it dropped: whatever was
   * published meanwhile is lost, so anything kept because nothing was heard must be dropped.
   * PGlite listens in-process and never drops. Answers the unsubscribe.
   */
  onReconnect(handler: () => void): () => void;
  /**
   * The embedded database only: what its thread is doing. It has one connection, so a long
   * query makes every other one wait, health's included; this tells a busy database from a
   * stopped one. PostgreSQL has none: a long query holds one connection of the pool, and
   * health's query takes another.
   */
  activity?(): ThreadActivity;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  databaseUrl?: string;
  /** PGlite directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL: how long a request waits for a connection (default 3 s). */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long a query may go unanswered before it fails (default 60 s). */
  queryTimeoutMs?: number;
  onError?: (error: unknown) => void;
  /**
   * The embedded database stopped for good (its WebAssembly aborted): every later query fails
   * with EmbeddedDatabaseStoppedError, and the process should exit so that a restart recovers.
   */
  onFatal?: (error: Error) => void;
}

export function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config) : openPglite(config);
}

// PGlite's defaults run without fsync ("-F"): we keep its other single-user defaults and turn
// durability on, with fsync as the WAL sync method because PGlite's file system only maps
// fsync() (not fdatasync()) to the host.
const PGLITE_START_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'full_page_writes=on',
  '-c',
  'wal_sync_method=fsync',
];

async function openPglite(config: DatabaseConfig): Promise<Database> {
  const inMemory = config.dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(config.dataDir);
  try {
    const client = await startPgliteThread(
      {
        dataDir: inMemory ? config.dataDir : `${config.dataDir}/pgdata`,
        startParams: PGLITE_START_PARAMS,
      },
      (error) => config.onFatal?.(error),
    );
    // Drizzle's PGlite driver asks for `query` and `transaction` only, which the thread offers.
    const db = drizzlePglite(client as unknown as PGlite) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      listen: (channel, handler) => client.listen(channel, handler),
      onReconnect: () => () => {},
      activity: () => client.activity(),
      async close() {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * How long a request waits for a connection (a new one, or a free one from a busy pool) before
 * it fails with a 503: while the database is unreachable, answers come in seconds, not never.
 */
const DEFAULT_CONNECT_TIMEOUT_MS = 3000;

/**
 * A database host that goes silent (a partition, a failover that moved its address, a firewall
 * that forgot its connections) answers neither yes nor no: without a time-out a query on an open
 * connection waits for TCP to give up, a quarter of an hour. A query unanswered this long fails
 * (a 503). No query of the platform takes near a minute.
 */
const DEFAULT_QUERY_TIMEOUT_MS = 60_000;

/** Keepalive probes let idle connections find out that a silent peer is gone. */
const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/**
 * How often the LISTEN connection asks a trivial query: it only ever receives, so a connection
 * that went silent (behind a proxy or firewall that still answers TCP, keepalive learns
 * nothing) would otherwise never be noticed, and pushes would stop for good. One unanswered
 * within the query time-out counts as lost.
 */
const LISTEN_CHECK_MS = 5000;

/** How the LISTEN connection names itself in `pg_stat_activity`. */
export const LISTENER_APPLICATION_NAME = 'alpenkube-listener';

/** node-postgres' error for a query unanswered past `query_timeout`. */
const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

async function openPostgres(url: string, config: DatabaseConfig): Promise<Database> {
  const timeouts = {
    connectTimeoutMs: config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: config.poolSize ?? 10,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    query_timeout: timeouts.queryTimeoutMs,
    ...KEEPALIVE,
  });
  // A client whose backend went away (a restart, a failover) emits 'error': on the pool while
  // idle, on the client itself while checked out between two queries (inside a transaction).
  // Unheard, either ends the process. The broken client's next query fails (a 503) and the
  // pool drops it when it is released, opening a new connection when next asked.
  pool.on('error', (error) => config.onError?.(error));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    closeOnQueryTimeout(client);
  });
  const db = drizzlePg(pool);
  const listener = new PgListener(url, timeouts, config.onError);
  return {
    kind: 'postgres',
    db,
    listen: (channel, handler) => listener.listen(channel, handler),
    onReconnect: (handler) => listener.onReconnect(handler),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * node-postgres gives up on a query after `query_timeout` but keeps the connection, still owed
 * that answer. A transaction releases it to the pool without an error, so it would be handed
 * out again: every later query on it waits behind the lost one (and times out in turn), and if
 * the host comes back, the connection is still inside the transaction the lost query began,
 * where the next request's statements would run. A connection whose query timed out is closed
 * instead: the transaction's rollback fails at once (a 503, not a second time-out), the pool
 * drops it on release, and PostgreSQL rolls back whatever it had begun.
 */
function closeOnQueryTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query(...args: unknown[]) {
      const result = query(...args);
      // Promise-style calls only: the pool's own callback-style queries release with the error,
      // which already closes the connection.
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === QUERY_TIMEOUT_MESSAGE) {
            client.end().catch(() => {});
          }
        });
      }
      return result;
    },
  });
}

/** One dedicated connection for LISTEN, re-established (and re-subscribed) if it drops. */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, NotificationHandler[]>();
  private readonly reconnectHandlers = new Set<() => void>();
  /** Whether a connection was lost since the last one was made: the next one is a reconnect. */
  private dropped = false;
  private closed = false;
  private check: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly timeouts: { connectTimeoutMs: number; queryTimeoutMs: number },
    private readonly onError?: (error: unknown) => void,
  ) {}

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    const list = this.handlers.get(channel) ?? [];
    list.push(handler);
    this.handlers.set(channel, list);
    const client = await this.connect();
    if (list.length === 1) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      const index = list.indexOf(handler);
      if (index >= 0) list.splice(index, 1);
    };
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => void this.reconnectHandlers.delete(handler);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        connectionTimeoutMillis: this.timeouts.connectTimeoutMs,
        query_timeout: this.timeouts.queryTimeoutMs,
        application_name: LISTENER_APPLICATION_NAME,
        ...KEEPALIVE,
      });
      client.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) {
          handler(message.payload ?? '');
        }
      });
      // A terminated backend gives 'error' then 'end'; a clean close only 'end'.
      client.on('error', (error) => {
        this.onError?.(error);
        this.lost(client);
      });
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const channel of this.handlers.keys()) {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        }
      } catch (error) {
        client.end().catch(() => {});
        throw error;
      }
      this.client = client;
      this.watch(client);
      if (this.dropped) {
        this.dropped = false;
        for (const handler of this.reconnectHandlers) handler();
      }
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** Asks the connection a trivial query now and then; one left unanswered counts as lost. */
  private watch(client: pg.Client) {
    let asking = false;
    this.check = setInterval(() => {
      if (asking) return;
      asking = true;
      client.query('select 1').then(
        () => (asking = false),
        (error: unknown) => {
          this.onError?.(error);
          this.lost(client);
        },
      );
    }, LISTEN_CHECK_MS);
    this.check.unref();
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.dropped = true;
    if (this.check) clearInterval(this.check);
    this.check = null;
    // With the check's query unanswered, this closes the socket at once.
    client.end().catch(() => {});
    if (!this.closed) setTimeout(() => void this.reconnect(), 1000);
  }

  private async reconnect() {
    if (this.closed || this.client) return;
    try {
      await this.connect();
    } catch (error) {
      this.onError?.(error);
      if (!this.closed) setTimeout(() => void this.reconnect(), 1000);
    }
  }

  async close() {
    this.closed = true;
    if (this.check) clearInterval(this.check);
    const client = this.client;
    this.client = null;
    await client?.end();
  }
}
