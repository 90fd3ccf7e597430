import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { can, refusalMessage, type AccessLevel, type Actor } from '@alpenkube/contract/permissions';
import { forbidden, unauthorized } from '../../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every API and socket route must say (see access-plugin.ts). */
    access?: AccessLevel;
  }
  interface FastifyInstance {
    /** Every route registered, with who may call it: what the authorization matrix reads. */
    routeTable: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: AccessLevel | undefined;
}

/** Routes outside these prefixes are the web app's pages and files, served to anyone. */
const GUARDED_PREFIXES = ['/api/', '/ws'];
const isGuarded = (url: string) => GUARDED_PREFIXES.some((prefix) => url.startsWith(prefix));

/** The caller of a request as the permission table sees it; null when signed out. */
export function actorOf(request: FastifyRequest): Actor | null {
  return request.session?.user ?? null;
}

/** The route-level check: 401 for a visitor where a session is needed, 403 for the rest. */
function checkAccess(level: AccessLevel) {
  return (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    const actor = actorOf(request);
    if (can(actor, level)) return done();
    done(actor ? forbidden(refusalMessage(actor, level)) : unauthorized());
  };
}

/**
 * Enforces each route's `config.access` before its body is read: a refused caller never
 * costs a parse or a query. An API or socket route that declares nothing is a programming
 * error and stops the server from starting, so no route is public by omission.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    const routeTable: RouteAccess[] = [];
    app.decorate('routeTable', routeTable);
    app.addHook('onRoute', (route: RouteOptions) => {
      const level = route.config?.access;
      for (const method of [route.method].flat()) {
        routeTable.push({ method, url: route.url, access: level });
      }
      if (!level) {
        if (isGuarded(route.url)) {
          throw new Error(`${String(route.method)} ${route.url} declares no config.access`);
        }
        return;
      }
      if (level === 'anyone') return;
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [checkAccess(level), ...existing] as RouteOptions['onRequest'];
    });
  },
  { name: 'access', dependencies: ['sessions'] },
);
