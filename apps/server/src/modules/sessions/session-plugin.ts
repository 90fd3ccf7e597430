import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActiveSession } from './session-store.ts';
import { forbidden, unauthorized } from '../../lib/http-error.ts';

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

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
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
    secure: isHttps(request),
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(request), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
  });
}

/** The signed-in session of a request, or a 401. */
export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

export async function requireUserHook(request: FastifyRequest) {
  requireSession(request);
}

export async function requireSuperAdminHook(request: FastifyRequest) {
  if (requireSession(request).user.role !== 'super_admin') throw forbidden();
}

/** Resolves the session cookie of every API and WebSocket request (from memory once cached). */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null);
    const { sessions } = app.services;
    // Callback style, answered synchronously from memory when it can: this is every API call.
    app.addHook('onRequest', (request, _reply, done) => {
      const token =
        request.url.startsWith('/api/') || request.url.startsWith('/ws')
          ? readSessionToken(request)
          : undefined;
      if (!token) return done();
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
