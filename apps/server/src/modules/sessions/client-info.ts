import type { FastifyRequest } from 'fastify';
import { readSessionToken } from './session-plugin.ts';

/** Who made a request, as audit entries, rate limits and sign-in need it. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string;
  /** The session cookie the request already carried: signing in replaces it. */
  previousToken?: string;
}

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
