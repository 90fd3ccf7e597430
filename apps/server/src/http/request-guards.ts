import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing requests that another site started (CSRF). SameSite=Lax cookies already
 * stop most; checking Origin and Sec-Fetch-Site also stops same-site subdomains and old browsers.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string | undefined) {
  // Callback style: this runs on every request, and most are reads that pass at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite =
      fetchSite === 'cross-site' ||
      fetchSite === 'same-site' ||
      (origin !== undefined && origin !== ownOrigin(request) && origin !== publicUrl);
    done(crossSite ? forbidden('Cross-site requests are not allowed') : undefined);
  });
}

/** Only JSON bodies: Fastify answers 415 for any other content type once text/plain is gone. */
export function acceptOnlyJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser(['text/plain']);
}
