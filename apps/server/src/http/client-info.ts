import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/auth/auth-service.ts';
import { readSessionToken } from '../modules/sessions/session-plugin.ts';

/**
 * Who is asking: address and browser, for audit and rate limits. Nothing here builds a link:
 * mailed links use the configured PUBLIC_URL, never the request's Host.
 */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? '',
    previousToken: readSessionToken(request),
  };
}
