import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/http-error.ts';
import type { ApiTokenAuth, ApiTokenService } from './api-token-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The API token an `Authorization: Bearer` request carries, once resolved. The access guard
     * turns it into `request.session` where the route's scope allows (see access-plugin.ts).
     */
    apiToken: ApiTokenAuth | null;
  }
}

export const INVALID_API_TOKEN = 'The API token is unknown, expired or revoked';

/**
 * Resolves `Authorization: Bearer <token>` on every /api route, public ones too: a bad token is
 * a 401 wherever it is sent, so a script learns at once that its token no longer works. The row
 * is read on every call (no cache), so a revocation counts at once on every instance. Wrong
 * tokens slow their address down (`bearerTokenThrottle`): guessing costs time, not queries.
 */
export const apiTokenPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('apiToken', null);
    const service: ApiTokenService = app.services.apiTokens;
    const throttle = app.services.bearerTokenThrottle;
    // Callback style: every API call passes here, and all but a script's pass at once.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (!header || !/^bearer /i.test(header)) return done();
      const route = request.routeOptions.url;
      if (route === undefined || !(route.startsWith('/api/') || route === '/ws')) return done();
      const match = /^bearer +(\S+) *$/i.exec(header);
      if (!match) return done(unauthorized(INVALID_API_TOKEN));
      const ip = request.ip ?? null;
      throttle
        .resolve(ip, () => service.resolve(match[1]!, ip))
        .then((auth) => {
          if (!auth) return done(unauthorized(INVALID_API_TOKEN));
          request.apiToken = auth;
          done();
        }, done);
    });
  },
  { name: 'api-tokens', dependencies: ['services', 'sessions'] },
);
