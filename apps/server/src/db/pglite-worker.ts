import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { keepEmbeddedFilesPrivate } from './data-dir-permissions.ts';
import type { PgliteReply, PgliteRequest, PgliteWorkerData } from './pglite-thread.ts';

/*
 * The embedded database's own thread. PGlite runs PostgreSQL as WebAssembly: every query, and
 * the fsync of every commit, is synchronous work for the thread it runs on. Here that thread is
 * not the server's, so requests, timers and sockets go on while the database works.
 */

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread');
const { dataDir, startParams } = workerData as PgliteWorkerData;

// Drizzle reads dates, timestamps and intervals as PostgreSQL's text (its own mappers turn
// them into values); its query options say so with functions, which cannot cross threads.
const keepText = (value: string) => value;
const PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231, // numeric[]
    1115, // timestamp[]
    1185, // timestamptz[]
    1187, // interval[]
    1182, // date[]
  ].map((oid) => [oid, keepText]),
);

const reply = (message: PgliteReply) => port.postMessage(message);

/** An error's fields that mean something elsewhere (SQLSTATE, constraint…), never its parameters. */
function serialiseError(error: unknown): Extract<PgliteReply, { ok: false }>['error'] {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'queryOptions') continue;
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

let client: PGlite;
try {
  client = new PGlite({ dataDir, startParams, parsers: PARSERS });
  await client.waitReady;
  if (!dataDir.startsWith('memory://')) {
    syncToHost(client);
    keepEmbeddedFilesPrivate(client);
  }
  stopAfterAbort(client);
  reply({ kind: 'ready' });
} catch (error) {
  reply({ kind: 'failed', error: serialiseError(error) });
  throw error;
}

/** Transactions the server has open, each waiting for the server's word to end. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; outcome: Promise<void> }
>();
let nextTransactionId = 1;

async function handle(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.transaction ? transactions.get(request.transaction)?.tx : client;
      if (!target) throw new Error('The transaction is over');
      const { rows, fields, affectedRows } = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
      });
      return { rows, fields, affectedRows };
    }
    case 'begin':
      return begin();
    case 'end': {
      // The answer is the transaction's outcome: a COMMIT that failed is the server's error.
      const open = transactions.get(request.transaction);
      if (!open) throw new Error('The transaction is over');
      open.end(request.commit);
      await open.outcome;
      return undefined;
    }
    case 'listen':
      await client.listen(request.channel, (payload) =>
        reply({ kind: 'notification', channel: request.channel, payload }),
      );
      return undefined;
    case 'close':
      await client.close();
      return undefined;
  }
}

/**
 * Opens a transaction that stays open until the server ends it, its queries arriving one by one
 * from the server's thread; answers its id. PGlite's own locks make every other query wait
 * meanwhile, as they would in the server's thread.
 */
function begin(): Promise<number> {
  return new Promise((opened, failed) => {
    const id = nextTransactionId++;
    let end: (commit: boolean) => void = () => {};
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    const outcome = client.transaction(async (tx) => {
      transactions.set(id, { tx, end, outcome });
      opened(id);
      if (!(await ended)) await tx.rollback();
    });
    outcome.then(
      () => transactions.delete(id),
      (error: unknown) => {
        // Failed before it opened (BEGIN itself): nobody will end it.
        if (!transactions.delete(id)) failed(error);
      },
    );
  });
}

port.on('message', (request: PgliteRequest) => {
  handle(request).then(
    (result) => reply({ kind: 'answer', id: request.id, ok: true, result }),
    (error: unknown) =>
      reply({ kind: 'answer', id: request.id, ok: false, error: serialiseError(error) }),
  );
});

/**
 * When PostgreSQL PANICs inside PGlite (a WAL segment it cannot write on a full disk), the
 * WebAssembly aborts: the call under way fails, and the next one may spin forever. Every call
 * after the abort fails at once instead, and the server is told to stop.
 */
function stopAfterAbort(pglite: PGlite) {
  const mod = (pglite as unknown as { mod?: EmscriptenModule }).mod;
  if (!mod) throw new Error('PGlite module not recognised: cannot watch for aborts');
  const previous = mod.onAbort;
  mod.onAbort = (reason) => {
    (pglite as unknown as { execProtocolRawSync: () => never }).execProtocolRawSync = () => {
      throw new Error('The embedded database stopped after a fatal error');
    };
    previous?.(reason);
    reply({ kind: 'fatal' });
  };
}

/**
 * Emscripten's Node file system has no fsync hook, so PostgreSQL's fsync() of the WAL would stop
 * at the WebAssembly boundary. We give it one that reaches the host's fsync(2): a commit is then
 * on disk before PGlite acknowledges it, surviving a power loss and not only a process crash.
 */
function syncToHost(pglite: PGlite) {
  const mod = (pglite as unknown as { mod?: EmscriptenModule }).mod;
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
