import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_HINT_COOKIE } from '@alpenkube/contract';
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

/** The session hint's attributes: the session cookie's, but readable by the page's scripts. */
const hintCookie = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: false,
  sameSite: 'lax' as const,
  secure: secureCookie(request),
});

/** The session hint goes with the session cookie, for as long (see SESSION_HINT_COOKIE). */
function setSessionHint(request: FastifyRequest, reply: FastifyReply, maxAgeSeconds: number) {
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintCookie(request), maxAge: maxAgeSeconds });
}

function clearSessionHint(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_HINT_COOKIE, hintCookie(request));
}

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
  setSessionHint(request, reply, maxAgeSeconds);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(request), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(request),
  });
  clearSessionHint(request, reply);
}

/**
 * Keeps the hint true to the session an API request carried: set for a session signed in before
 * hints existed, cleared once the session is gone (expired, revoked, deleted), so the page stops
 * asking. A route that signs in or out afterwards overrides this (the last cookie set wins).
 */
function syncSessionHint(request: FastifyRequest, reply: FastifyReply) {
  const hinted = request.cookies[SESSION_HINT_COOKIE] !== undefined;
  const { session } = request;
  if (session && !hinted) {
    setSessionHint(
      request,
      reply,
      Math.max(0, Math.floor((session.expiresAt - Date.now()) / 1000)),
    );
  } else if (!session && hinted) {
    clearSessionHint(request, reply);
  }
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

/**
 * Resolves the session cookie of every API and WebSocket request (from memory once cached), and
 * keeps the session hint in step with it: on API answers, and on a page whose browser holds a
 * session cookie without the hint.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null);
    const { sessions } = app.services;
    // Callback style, answered synchronously from memory when it can: this is every API call.
    // The matched route decides, not the raw URL, which the router decodes (`/%61pi/…`).
    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (hasBearerToken(request)) return done();
      if (route === undefined) return pageHint(request, reply, done);
      const isApi = route.startsWith('/api/');
      if (!isApi && route !== '/ws') return done();
      const token = readSessionToken(request);
      if (token) {
        const cached = sessions.peek(token);
        if (!cached) {
          sessions.resolve(token).then((session) => {
            request.session = session;
            if (isApi) syncSessionHint(request, reply);
            done();
          }, done);
          return;
        }
        request.session = cached;
      }
      // A WebSocket upgrade gets no ordinary answer to carry a cookie: only API calls sync it.
      if (isApi) syncSessionHint(request, reply);
      done();
    });

    /**
     * A page (the app's HTML: no route of its own) gives back the hint a live session lacks (a
     * session older than the hint, a hint deleted by hand), or the page would not ask who is
     * signed in. A dead session's cookie is cleared, so the next page does not look again.
     * Assets are never asked: they may be cached by anyone. Nothing here fails a page.
     */
    function pageHint(request: FastifyRequest, reply: FastifyReply, done: () => void) {
      const token = readSessionToken(request);
      if (!token || request.cookies[SESSION_HINT_COOKIE] !== undefined) return done();
      const settle = (session: ActiveSession | null) => {
        if (session) syncSessionHint(Object.assign(request, { session }), reply);
        else clearSessionCookie(request, reply);
        done();
      };
      const cached = sessions.peek(token);
      if (cached) return settle(cached);
      sessions.resolve(token).then(settle, () => done());
    }
  },
  { name: 'sessions', dependencies: ['services'] },
);
