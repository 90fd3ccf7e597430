import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  accessOfMethod,
  can,
  refusalMessage,
  roleAllows,
  roleRefusalMessage,
  type AccessLevel,
  type Actor,
} from '@alpenkube/contract/permissions';
import {
  ANY_API_TOKEN,
  API_TOKEN_SESSION_ONLY,
  apiTokenMissingScope,
  apiTokenResourceFor,
  apiTokenScopeFor,
  areaOfRule,
  hasApiTokenScope,
  type ApiTokenRule,
} from '@alpenkube/contract/api-tokens';
import { declareErrorAnswers } from '../../http/request-guards.ts';
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

/**
 * A request with an API token acts as the token's user only where the route's resource is one
 * the token has the scope for, or where the route reads for any token (contract api-tokens.ts);
 * elsewhere a guarded route refuses it with a 403 and a public route answers it as a visitor.
 */
function admitApiToken(
  request: FastifyRequest,
  level: AccessLevel,
  resource: ApiTokenRule,
): Error | undefined {
  const token = request.apiToken;
  if (!token) return undefined;
  if (!resource) return level === 'anyone' ? undefined : forbidden(API_TOKEN_SESSION_ONLY);
  if (resource === ANY_API_TOKEN) {
    request.session = token.session;
    return undefined;
  }
  const scope = apiTokenScopeFor(request.method, resource);
  if (!hasApiTokenScope(token.scopes, scope)) {
    return level === 'anyone' ? undefined : forbidden(apiTokenMissingScope(scope));
  }
  request.session = token.session;
  return undefined;
}

/**
 * The route-level check: 401 for a visitor where a session is needed, 403 for the rest. A
 * member's role narrows what the level allows by the route's area (the token table's
 * resource), whether they come with a session or with one of their tokens.
 */
function checkAccess(level: AccessLevel, rules: ReadonlyMap<string, ApiTokenRule>) {
  return (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    const rule = rules.get(request.method) ?? null;
    const refusal = admitApiToken(request, level, rule);
    if (refusal) return done(refusal);
    if (level === 'anyone') return done();
    const actor = actorOf(request);
    if (!actor) return done(unauthorized());
    if (!can(actor, level)) return done(forbidden(refusalMessage(actor, level)));
    const area = areaOfRule(rule);
    const access = accessOfMethod(request.method);
    if (area === null || roleAllows(actor.role, access, area)) return done();
    done(forbidden(roleRefusalMessage(actor.role, access, area)));
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
      const methods = [route.method].flat();
      for (const method of methods) {
        routeTable.push({ method, url: route.url, access: level });
      }
      if (!level) {
        if (isGuarded(route.url)) {
          throw new Error(`${String(route.method)} ${route.url} declares no config.access`);
        }
        return;
      }
      // Outside /api a bearer token is someone else's (the Kubernetes API's): not ours to read.
      if (level === 'anyone' && !route.url.startsWith('/api/')) return;
      // By method: a route of several methods may read for any token and write for sessions only.
      const rules = new Map(
        methods.map((method) => [method, apiTokenResourceFor(route.url, level, method)]),
      );
      // The guard's answers are the route's too: its OpenAPI document lists them.
      if (level !== 'anyone') declareErrorAnswers(route, [401, 403]);
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [checkAccess(level, rules), ...existing] as RouteOptions['onRequest'];
    });
  },
  { name: 'access', dependencies: ['sessions'] },
);
