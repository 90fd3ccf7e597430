import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { dataExceptionMessage, databaseOutOfSpace, databaseUnavailable } from '../db/errors.ts';
import { HttpError } from '../lib/http-error.ts';
import { closeAfterAnswer } from './lingering-close.ts';

/**
 * The database is down, restarting or out of disk: the request may work in a moment, so it is
 * answered at once with a 503 and when to try again, never left waiting or called a bug.
 */
const DATABASE_UNAVAILABLE = {
  message: 'The database is unavailable; try again in a moment',
  retryAfterSeconds: '5',
  log: 'database unavailable',
  level: 'warn',
} as const;
const OUT_OF_SPACE = {
  message: 'The server is out of disk space; try again later',
  retryAfterSeconds: '60',
  // Unlike an outage, it does not pass by itself: someone must free space.
  log: 'database out of disk space',
  level: 'error',
} as const;

/** Fastify's own client errors, with the message a person should read. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Request body must be JSON (Content-Type: application/json)',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but Content-Type is application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

/** The router's own refusals, before any route matched; the address is not echoed back. */
const ROUTER_REFUSALS: Record<string, [status: number, message: string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid: a percent escape is malformed'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long'],
};

/**
 * Fastify's `frameworkErrors`: without it the router answers a bad percent escape or an
 * over-long path parameter with its own body (`error`, `code`, `statusCode`), not `{ message }`.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const [status, message] = ROUTER_REFUSALS[error.code] ?? [500, 'Internal server error'];
  if (status >= 500) reply.log.error({ err: error }, 'request failed in the router');
  return reply.code(status).send({ message });
}

/** Every error answer is JSON { message } (plus issues for validation), never a stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
      return reply.code(400).send({
        message: first ? `${where}${first.message}` : 'Invalid request',
        issues,
      });
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(
          error.issues
            ? { message: error.message, issues: error.issues }
            : { message: error.message },
        );
    }
    // Fastify's own client faults (a body cut off as the client hung up: ECONNRESET, status 400)
    // carry a 4xx and are not the database's doing.
    const clientFault = error.statusCode !== undefined && error.statusCode < 500;
    const unavailable = clientFault
      ? null
      : databaseUnavailable(error)
        ? DATABASE_UNAVAILABLE
        : databaseOutOfSpace(error)
          ? OUT_OF_SPACE
          : null;
    if (unavailable) {
      request.log[unavailable.level]({ err: error }, unavailable.log);
      return reply
        .code(503)
        .header('retry-after', unavailable.retryAfterSeconds)
        .send({ message: unavailable.message });
    }
    const badValue = dataExceptionMessage(error);
    if (badValue) {
      request.log.warn({ err: error }, 'request refused by the database');
      return reply.code(400).send({ message: badValue });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The rest of the body is not worth reading: the connection ends once the client has the 413.
      closeAfterAnswer(request.raw);
      reply.header('connection', 'close');
    }
    const frameworkMessage = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (frameworkMessage || (status >= 400 && status < 500)) {
      return reply.code(status).send({ message: frameworkMessage ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
