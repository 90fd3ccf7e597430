import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { keepEmbeddedFilesPrivate } from './data-dir-permissions.ts';
import { EmbeddedDatabaseStoppedError } from './errors.ts';

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;
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
  close(): Promise<void>;
}

export interface DatabaseConfig {
  databaseUrl?: string;
  /** PGlite directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
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
    const client = new PGlite({
      dataDir: inMemory ? config.dataDir : `${config.dataDir}/pgdata`,
      startParams: PGLITE_START_PARAMS,
    });
    await client.waitReady;
    if (!inMemory) {
      syncToHost(client);
      keepEmbeddedFilesPrivate(client);
    }
    let stopped = false;
    stopAfterAbort(client, () => {
      stopped = true;
      config.onFatal?.(new EmbeddedDatabaseStoppedError());
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      async listen(channel, handler) {
        return client.listen(channel, handler);
      },
      onReconnect: () => () => {},
      async close() {
        try {
          // An aborted instance cannot close; its last commits are in the WAL already.
          if (!stopped) await client.close();
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
 * When PostgreSQL PANICs inside PGlite (a WAL segment it cannot write on a full disk), the
 * WebAssembly aborts: the call under way fails, and the next one may spin forever in the main
 * thread, freezing the whole server. Every call after the abort fails at once instead.
 */
function stopAfterAbort(client: PGlite, onStopped: () => void) {
  const mod = (client as unknown as { mod?: EmscriptenModule }).mod;
  if (!mod) throw new Error('PGlite module not recognised: cannot watch for aborts');
  const previous = mod.onAbort;
  mod.onAbort = (reason) => {
    (client as unknown as { execProtocolRawSync: () => never }).execProtocolRawSync = () => {
      throw new EmbeddedDatabaseStoppedError();
    };
    previous?.(reason);
    onStopped();
  };
}

/**
 * Emscripten's Node file system has no fsync hook, so PostgreSQL's fsync() of the WAL would stop
 * at the WebAssembly boundary. We give it one that reaches the host's fsync(2): a commit is then
 * on disk before PGlite acknowledges it, surviving a power loss and not only a process crash.
 */
function syncToHost(client: PGlite) {
  const mod = (client as unknown as { mod?: EmscriptenModule }).mod;
  // NODEFS is not exported; every stream it opened (they carry a host descriptor) shares its ops.
  const streamOps = mod?.FS?.streams?.find((stream) => stream?.nfd !== undefined)?.stream_ops;
  if (!streamOps) throw new Error('PGlite file system not recognised: cannot enable fsync');
  if (!streamOps.fsync) {
    streamOps.fsync = (stream) => {
      if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
      return 0;
    };
  }
}

interface EmscriptenStream {
  nfd?: number;
  stream_ops: { fsync?: (stream: EmscriptenStream) => number };
}

interface EmscriptenModule {
  FS?: { streams?: (EmscriptenStream | null)[] };
  onAbort?: (reason: unknown) => void;
}

/**
 * How long a request waits for a connection (a new one, or a free one from a busy pool) before
 * it fails with a 503: while the database is unreachable, answers come in seconds, not never.
 */
const CONNECT_TIMEOUT_MS = 3000;

/**
 * A database host that goes silent (a partition, a failover that moved its address) answers
 * neither yes nor no: without these a query on an open connection waits for TCP to give up,
 * a quarter of an hour. A query unanswered for a minute fails (a 503), and keepalive probes let
 * idle connections, the LISTEN one among them, find out that the peer is gone. No query of the
 * platform takes near a minute.
 */
const QUERY_TIMEOUT_MS = 60_000;
const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

async function openPostgres(url: string, config: DatabaseConfig): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: config.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    ...KEEPALIVE,
  });
  // A client whose backend went away (a restart, a failover) emits 'error': on the pool while
  // idle, on the client itself while checked out between two queries (inside a transaction).
  // Unheard, either ends the process. The broken client's next query fails (a 503) and the
  // pool drops it when it is released, opening a new connection when next asked.
  pool.on('error', (error) => config.onError?.(error));
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema });
  const listener = new PgListener(url, config.onError);
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

/** One dedicated connection for LISTEN, re-established (and re-subscribed) if it drops. */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, NotificationHandler[]>();
  private readonly reconnectHandlers = new Set<() => void>();
  /** Whether a connection was lost since the last one was made: the next one is a reconnect. */
  private dropped = false;
  private closed = false;

  constructor(
    private readonly url: string,
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
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
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

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.dropped = true;
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
    const client = this.client;
    this.client = null;
    await client?.end();
  }
}
