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
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return current as DatabaseErrorFields;
    }
  }
  return undefined;
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
