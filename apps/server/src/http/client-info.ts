import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/auth/auth-service.ts';
import { readSessionToken } from '../modules/sessions/session-plugin.ts';

export function clientInfo(request: FastifyRequest): ClientInfo {
  const publicUrl = request.server.services.config.publicUrl;
  return {
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? '',
    origin: publicUrl ?? `${request.protocol}://${request.host}`,
    previousToken: readSessionToken(request),
  };
}
