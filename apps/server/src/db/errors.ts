/** The SQLSTATE of a PostgreSQL error, however the driver (or Drizzle) wraps it. */
export function databaseErrorCode(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

interface DatabaseErrorFields {
  code: string;
  message: string;
  constraint?: string;
}

function databaseError(error: unknown): DatabaseErrorFields | undefined {
  return findCause(error, (current) => {
    const { code } = current as { code?: unknown };
    return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  }) as DatabaseErrorFields | undefined;
}

/** PostgreSQL's error for a broken unique index, however the driver (or Drizzle) wraps it. */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  const found = databaseError(error);
  return found?.code === '23505' ? { constraint: found.constraint ?? '' } : null;
}

/**
 * SQLSTATE class 22 ("data exception"): the value sent cannot be stored or read as its column's
 * type: too long, out of range, malformed, or text PostgreSQL cannot hold. The input is at
 * fault, so the answer is a 400 with a message a person can act on.
 */
export function dataExceptionMessage(error: unknown): string | undefined {
  const code = databaseErrorCode(error);
  if (!code?.startsWith('22')) return undefined;
  return DATA_EXCEPTION_MESSAGES[code] ?? 'A value in the request is not valid';
}

const DATA_EXCEPTION_MESSAGES: Record<string, string> = {
  '22001': 'A value in the request is too long',
  '22003': 'A number in the request is out of range',
  '22P02': 'A value in the request has the wrong format',
  '22007': 'A date in the request is not valid',
  '22008': 'A date in the request is out of range',
  '22021': 'Text in the request contains characters that cannot be stored',
  '22P05': 'Text in the request contains characters that cannot be stored',
};

/**
 * The database cannot be reached right now: it is down, restarting, refused or dropped the
 * connection, or the pool found no connection in time. Nothing the request did is at fault
 * and the same request may work in a moment, so the answer is a 503 with Retry-After.
 */
export function databaseUnavailable(error: unknown): boolean {
  return someCause(error, (current) => {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      // SQLSTATE class 08 (connection exception), an administrator's shutdown, a server that
      // is starting or stopping, or one that has no connection left.
      if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (UNREACHABLE_ERRNOS.has(code)) return true;
    }
    if (current instanceof EmbeddedDatabaseStoppedError) return true;
    // PGlite's WebAssembly aborted (PostgreSQL's PANIC): the call that hit it fails with this.
    const { name } = current as { name?: unknown };
    if (name === 'RuntimeError' && typeof message === 'string' && message.startsWith('Aborted(')) {
      return true;
    }
    return typeof message === 'string' && POOL_UNAVAILABLE_MESSAGES.test(message);
  });
}

/**
 * The embedded database hit a fatal error (PostgreSQL's PANIC, such as no room for a new WAL
 * segment) and its WebAssembly aborted. It must not be used again in this process: the next
 * call may spin forever. The server answers 503 and exits; the next start recovers from the WAL.
 */
export class EmbeddedDatabaseStoppedError extends Error {
  constructor() {
    super('The embedded database stopped after a fatal error; the server must restart');
    this.name = 'EmbeddedDatabaseStoppedError';
  }
}

const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres says these without a code: a backend that went away mid-query, a connection
// attempt past connectionTimeoutMillis, a pool whose clients stayed busy that long, a client
// used after its connection broke, a query unanswered past query_timeout (a silent host), and
// the rollback of a transaction whose connection was closed for that time-out.
const POOL_UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Query read timeout|Client was closed and is not queryable/;

/**
 * The database has no room left to write: SQLSTATE 53100 (disk_full) from PostgreSQL, or the
 * host's ENOSPC as the embedded database reports it. Reads still work, and writes work again
 * once space is freed, so the answer is a 503 rather than a 500.
 */
export function databaseOutOfSpace(error: unknown): boolean {
  return someCause(error, (current) => {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
    return typeof message === 'string' && /No space left on device/i.test(message);
  });
}

/** The error or the first of its causes (as the driver or Drizzle wrap it) that passes `test`. */
function findCause(error: unknown, test: (current: object) => boolean): object | undefined {
  for (
    let current = error, depth = 0;
    current && typeof current === 'object' && depth < 10;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (test(current)) return current;
  }
  return undefined;
}

const someCause = (error: unknown, test: (current: object) => boolean) =>
  findCause(error, test) !== undefined;

/**
 * An error as the log may show it. Drizzle puts a failed query's parameters into its message
 * ("params: …"), and with them whatever the query carried: a password hash, a token, an e-mail.
 * A database error is logged with its SQL (placeholders only), SQLSTATE and PostgreSQL's
 * message; PostgreSQL's `detail` is left out too, as it can quote the row ("Key (email)=(…)").
 */
export function serializeErrorForLog(
  error: unknown,
  fallback: (error: unknown) => unknown,
): unknown {
  const found = databaseError(error);
  if (!found || !(error instanceof Error)) return fallback(error);
  const message = error.message.split('\nparams:')[0];
  return {
    type: error.constructor.name,
    message,
    code: found.code,
    ...((found as unknown) !== error ? { cause: found.message } : {}),
    ...(found.constraint ? { constraint: found.constraint } : {}),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}
