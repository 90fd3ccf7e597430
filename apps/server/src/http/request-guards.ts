import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { errorSchema, unstorableTextPath } from '@alpenkube/contract';
import { badRequest, forbidden } from '../lib/http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Whether the request carries an Origin other than this server's own or its public URL. */
export function hasForeignOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== ownOrigin(request) && origin !== publicUrl;
}

/**
 * Refuses state-changing requests that another site started (CSRF). SameSite=Lax cookies already
 * stop most; checking Origin and Sec-Fetch-Site also stops same-site subdomains and old browsers.
 * Every state-changing method is checked, whatever the path: a test on the raw URL would let
 * `/%61pi/login` through, which the router decodes to `/api/login`.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string) {
  // Callback style: this runs on every request, and most are reads that pass at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const crossSite =
      fetchSite === 'cross-site' ||
      fetchSite === 'same-site' ||
      hasForeignOrigin(request, publicUrl);
    done(crossSite ? forbidden('Cross-site requests are not allowed') : undefined);
  });
}

/**
 * PostgreSQL cannot store a NUL character or half of a UTF-16 surrogate pair: such a string
 * would fail deep in a query with a 500. One rule for the body, query and parameters of every
 * route, so a new route cannot forget it.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const path =
      unstorableTextPath(request.body) ??
      unstorableTextPath(request.query) ??
      unstorableTextPath(request.params);
    if (!path) return done();
    const where = path.length ? `${path.join('.')}: ` : '';
    done(badRequest(`${where}Text must not contain NUL or unpaired surrogate characters`));
  });
}

/** Only JSON bodies: Fastify answers 415 for any other content type once text/plain is gone. */
export function acceptOnlyJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser(['text/plain']);
}

/**
 * Declares, on every route that declares its answers, the refusals these rules and Fastify give
 * before the route's own code runs, so its OpenAPI document lists them and they are serialised
 * as `{ message }` like the route's own: 400 (bad JSON, unstorable text or a malformed escape
 * anywhere in the request), 414 (an over-long path parameter), and for a method with a body
 * 403 (cross-site), 413 (too large) and 415 (not JSON). Must run before the routes register.
 */
export function declareRequestRefusals(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const statuses = [400, 414];
    if ([route.method].flat().some((method) => !SAFE_METHODS.has(method))) {
      statuses.push(403, 413, 415);
    }
    declareErrorAnswers(route, statuses);
  });
}

/** Adds `{ message }` answers for these statuses to a route that declares its answers. */
export function declareErrorAnswers(route: RouteOptions, statuses: number[]) {
  const response = route.schema?.response as Record<number, unknown> | undefined;
  if (!response) return;
  for (const status of statuses) response[status] ??= errorSchema;
}
