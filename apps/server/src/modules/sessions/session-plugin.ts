import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActiveSession } from './session-store.ts';
import { unauthorized } from '../../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
}

export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';

const isHttps = (request: FastifyRequest) => request.protocol === 'https';
export const sessionCookieName = (request: FastifyRequest) =>
  isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

/**
 * Over https only the `__Host-` cookie counts: the browser guarantees it was set by this host,
 * with Secure and path /, whereas a plain `sid` may have been planted by a sibling subdomain or
 * over http (cookie tossing / session fixation).
 */
export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request)];
}

/** Secure over https, and always in production, where a plain-http request is a mistake. */
const secureCookie = (request: FastifyRequest) =>
  isHttps(request) || request.server.services.config.appEnv === 'production';

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(sessionCookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(request),
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(request), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(request),
  });
}

/** The signed-in session of a request, or a 401. */
export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

/**
 * Whether the request authenticates with `Authorization: Bearer` (an API token). The token wins
 * over a cookie sent alongside it: the cookie is not read, so a script's call acts as its token
 * says whatever else the client carries (see the api-tokens module).
 */
export const hasBearerToken = (request: FastifyRequest) =>
  /^bearer /i.test(request.headers.authorization ?? '');

/** Resolves the session cookie of every API and WebSocket request (from memory once cached). */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null);
    const { sessions } = app.services;
    // Callback style, answered synchronously from memory when it can: this is every API call.
    // The matched route decides, not the raw URL, which the router decodes (`/%61pi/…`).
    app.addHook('onRequest', (request, _reply, done) => {
      const route = request.routeOptions.url;
      const token =
        route !== undefined && (route.startsWith('/api/') || route === '/ws')
          ? readSessionToken(request)
          : undefined;
      if (!token || hasBearerToken(request)) return done();
      const cached = sessions.peek(token);
      if (cached) {
        request.session = cached;
        return done();
      }
      sessions.resolve(token).then((session) => {
        request.session = session;
        done();
      }, done);
    });
  },
  { name: 'sessions', dependencies: ['services'] },
);
