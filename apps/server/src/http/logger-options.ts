import { stdSerializers, type LoggerOptions } from 'pino';
import { serializeErrorForLog } from '../db/errors.ts';

/**
 * What the log may carry: never a query's parameters, a cookie, a session token or credentials.
 * Request bodies are never logged; headers that hold secrets are redacted wherever a request or
 * reply object reaches the log.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      err: (error: unknown) =>
        serializeErrorForLog(error, (other) => stdSerializers.err(other as Error)),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
        'res.headers["set-cookie"]',
        'headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}
