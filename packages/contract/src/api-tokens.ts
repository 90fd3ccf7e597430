import { z } from 'zod';
import { timestampSchema } from './common.ts';
import {
  accessOfMethod,
  organizationAreas,
  type AccessLevel,
  type OrganizationArea,
} from './permissions.ts';

/**
 * Personal API tokens: what a token may reach, and the payloads of the routes that manage them.
 * The route table below is the one place that says which scope a route needs; the server's
 * access guard, the authorization matrix and docs/api-automation.md all read it.
 */

/**
 * `kubeconfig` is apart from `clusters`: a kubeconfig is a working credential for the cluster's
 * Kubernetes API, so a token that may read clusters must not mint one. Its write scope also
 * rotates a cluster's credentials.
 */
export const apiTokenResources = organizationAreas;
export type ApiTokenResource = OrganizationArea;
export type ApiTokenAccess = 'read' | 'write';
export type ApiTokenScope = `${ApiTokenResource}:${ApiTokenAccess}`;

export const apiTokenScopes = apiTokenResources.flatMap((resource) => [
  `${resource}:read` as const,
  `${resource}:write` as const,
]);

/** Every token starts so, which makes one found in a log or a repository easy to recognise. */
export const API_TOKEN_PREFIX = 'ak_';
/** How many of the token's first characters are kept to tell tokens apart. */
export const API_TOKEN_DISPLAY_LENGTH = 11;
export const API_TOKEN_MAX_DAYS = 365;
export const apiTokenExpiryChoices = [7, 30, 90, 365] as const;

/**
 * Marks a prefix that every valid token may read whatever its scopes: only what a token may
 * always know about itself and its siblings (their names, scopes, expiry; never a secret).
 * Reads only: any other method under such a prefix stays session-only, so a token can never
 * make, revoke or widen tokens however the routes there grow.
 */
export const ANY_API_TOKEN = 'any';
/** A prefix's rule: a resource whose scope a token needs, any token (reads), or sessions only. */
export type ApiTokenRule = ApiTokenResource | typeof ANY_API_TOKEN | null;

/**
 * The area of the organization's data a route's rule puts it in, which a member's role may
 * narrow (permissions.ts `roleAllows`): its resource; none for the session-only routes and for
 * what any token reads (the person's own tokens).
 */
export const areaOfRule = (rule: ApiTokenRule): ApiTokenResource | null =>
  rule === ANY_API_TOKEN ? null : rule;

/**
 * Which resource a route belongs to, by the prefix of its Fastify pattern; the longest matching
 * prefix wins. `null` marks a prefix as session-only on purpose; ANY_API_TOKEN opens its reads to
 * every token. A route that matches no prefix is session-only too, so a new route is closed to
 * tokens until it is placed here.
 */
export const apiTokenRoutePrefixes: readonly (readonly [string, ApiTokenRule])[] = [
  ['/api/clusters', 'clusters'],
  ['/api/clusters/:id/kubeconfig', 'kubeconfig'],
  ['/api/clusters/:id/credentials/rotate', 'kubeconfig'],
  ['/api/providers', 'clusters'],
  ['/api/vpcs', 'clusters'],
  // Adding an add-on to a cluster is an order: it is priced and paid.
  ['/api/addons/orders', 'orders'],
  ['/api/orders', 'orders'],
  ['/api/products', 'orders'],
  ['/api/billing', 'billing'],
  ['/api/usage', 'billing'],
  ['/api/support/tickets', 'support'],
  ['/api/support/custom-solutions', 'support'],
  // Signing in, passwords, two-factor, sessions, the account itself, the tokens themselves,
  // the push socket, and every admin and officer tool: a person at the keyboard only.
  ['/api/auth', null],
  ['/api/user', null],
  ['/api/login', null],
  ['/api/logout', null],
  ['/api/api-tokens', null],
  // A script may list its owner's tokens (which one it is, when each expires), never more.
  ['/api/api-tokens/mine', ANY_API_TOKEN],
  ['/api/admin', null],
  ['/api/officers', null],
  ['/api/support/queue', null],
  ['/api/notifications', null],
  ['/api/dev', null],
  ['/ws', null],
];

/** Whatever their path, routes of these levels are for staff at the keyboard: never tokens. */
const sessionOnlyLevels: ReadonlySet<AccessLevel> = new Set(['officer', 'superAdmin']);

const underPrefix = (url: string, prefix: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

/**
 * The rule of a route (its method and Fastify pattern): the resource whose scope a token needs,
 * ANY_API_TOKEN, or null when it is session-only.
 */
export function apiTokenResourceFor(
  url: string,
  access: AccessLevel | undefined,
  method: string,
): ApiTokenRule {
  if (access && sessionOnlyLevels.has(access)) return null;
  let best: readonly [string, ApiTokenRule] | undefined;
  for (const entry of apiTokenRoutePrefixes) {
    if (underPrefix(url, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  const rule = best?.[1] ?? null;
  // "Any token" admits reads alone: writing under such a prefix needs a session.
  return rule === ANY_API_TOKEN && accessOfMethod(method) === 'write' ? null : rule;
}

/** GET and HEAD read; every other method writes. */
export function apiTokenScopeFor(method: string, resource: ApiTokenResource): ApiTokenScope {
  return `${resource}:${accessOfMethod(method)}`;
}

/** Whether `scopes` grant `needed`; write includes read. */
export function hasApiTokenScope(scopes: readonly string[], needed: ApiTokenScope): boolean {
  if (scopes.includes(needed)) return true;
  const [resource, access] = needed.split(':');
  return access === 'read' && scopes.includes(`${resource}:write`);
}

export const API_TOKEN_SESSION_ONLY =
  'This route needs a signed-in session; API tokens cannot use it';
export const apiTokenMissingScope = (scope: ApiTokenScope) =>
  `This API token lacks the ${scope} scope`;

export const apiTokenScopeSchema = z.enum(apiTokenScopes as [ApiTokenScope, ...ApiTokenScope[]]);

/**
 * A write scope already includes its read: the pair is kept as the write alone, so the list a
 * person sees says what the token can do once.
 */
export function normaliseApiTokenScopes(scopes: readonly ApiTokenScope[]): ApiTokenScope[] {
  const set = new Set(scopes);
  return apiTokenScopes.filter(
    (scope) => set.has(scope) && !(scope.endsWith(':read') && set.has(scopeAsWrite(scope))),
  );
}
const scopeAsWrite = (scope: ApiTokenScope) => scope.replace(':read', ':write') as ApiTokenScope;

export const createApiTokenSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Give the token a name').max(64, 'At most 64 characters'),
    scopes: z
      .array(apiTokenScopeSchema)
      .min(1, 'Choose at least one scope')
      .max(apiTokenScopes.length),
    /** Days from now: at most 365. Give this or `expiresAt`. */
    expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS).optional(),
    /** A moment at most 365 days ahead. */
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((body) => (body.expiresInDays === undefined) !== (body.expiresAt === undefined), {
    message: 'Give either expiresInDays or expiresAt',
    path: ['expiresInDays'],
  });
export type CreateApiToken = z.input<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The token's first characters, e.g. `ak_3fQ9xZ1b`. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: timestampSchema.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/**
 * One of the caller's tokens as `GET /api/api-tokens/mine` lists it, to any of the owner's
 * tokens: `current` marks the token making the request. Without the address a token was last
 * used from: a leaked token learns nothing of where its owner works from.
 */
export const ownApiTokenSchema = apiTokenSchema
  .omit({ lastUsedIp: true })
  .extend({ current: z.boolean() });
export type OwnApiToken = z.infer<typeof ownApiTokenSchema>;

/** The answer to a creation: the only time the token itself is shown. */
export const createdApiTokenSchema = z.object({
  token: z.string(),
  apiToken: apiTokenSchema,
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** An organization's token as its admins see it, with whose it is. */
export const adminApiTokenSchema = apiTokenSchema.extend({
  organizationId: z.number(),
  owner: z.object({ id: z.number(), username: z.string(), name: z.string().nullable() }),
});
export type AdminApiToken = z.infer<typeof adminApiTokenSchema>;

export const API_TOKEN_PAGE_SIZE = 50;
const wholeNumber = (max: number) =>
  z.coerce.number().int('Must be a whole number').min(1).max(max);

/** Newest first, a page of `limit` before the id `before`; super admins may name an organization. */
export const adminApiTokenQuerySchema = z.strictObject({
  organizationId: wholeNumber(2_147_483_647).optional(),
  limit: wholeNumber(200).optional(),
  before: wholeNumber(2_147_483_647).optional(),
});
export type AdminApiTokenQuery = z.input<typeof adminApiTokenQuerySchema>;
