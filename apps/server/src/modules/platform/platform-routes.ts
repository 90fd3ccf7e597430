import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  errorSchema,
  healthSchema,
  sidebarCountsSchema,
  tierSchema,
  versionSummarySchema,
  addonSchema,
} from '@alpenkube/contract';
import { HttpError } from '../../lib/http-error.ts';
import { APP_VERSION } from '../../version.ts';
import { requireSession } from '../sessions/index.ts';
import type { CatalogEntry } from './catalog-service.ts';
import { sidebarCounts } from './platform-service.ts';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, catalog } = app.services;
  const summary = {
    displayVersion: `v${APP_VERSION}`,
    version: APP_VERSION,
    environment: config.appEnv,
  };
  // Fixed for the life of the process: serialised once, not per request (the footer polls it).
  const summaryJson = JSON.stringify(versionSummarySchema.parse(summary));

  app.get(
    endpoints.platform.version.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['platform'],
        summary: 'Version and environment',
        response: { 200: versionSummarySchema },
      },
      serializerCompiler: () => () => summaryJson,
    },
    async () => summary,
  );

  app.get(
    endpoints.platform.tiers.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['platform'],
        summary: 'The cluster tiers with their prices (USD cents)',
        response: { 200: z.array(tierSchema) },
      },
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => answerCatalog(request, reply, await catalog.tiers()),
  );

  app.get(
    endpoints.platform.addons.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['platform'],
        summary: 'The add-on catalog with prices (USD cents) and compatible tiers',
        response: { 200: z.array(addonSchema) },
      },
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => answerCatalog(request, reply, await catalog.addons()),
  );

  app.get(
    endpoints.platform.sidebarCounts.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['platform'],
        summary: "Clusters and orders of the user's organization",
        response: { 200: sidebarCountsSchema, 401: errorSchema },
      },
    },
    async (request) => sidebarCounts(db, requireSession(request).user),
  );

  app.get(
    endpoints.platform.officersAccess.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['platform'],
        summary: 'Whether the user may open the Officers Panel',
        response: { 200: z.boolean(), 401: errorSchema },
      },
    },
    async (request) => requireSession(request).user.officerAccess,
  );

  app.get(
    endpoints.platform.health.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['platform'],
        summary: 'Whether the server and its database answer',
        response: { 200: healthSchema, 503: errorSchema },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new HttpError(503, 'Database unreachable');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  app.get(
    endpoints.platform.openapi.pattern,
    {
      config: { access: 'anyone' },
      schema: { hide: true },
    },
    async () => app.swagger(),
  );
};

/** The catalog's JSON is written once per change, not per request; the answer passes as is. */
const passPrewrittenJson = () => (data: unknown) =>
  typeof data === 'string' ? data : JSON.stringify(data);

/**
 * Answers a catalog list from memory. Browsers and proxies may keep it but must ask again
 * (no-cache): the ETag makes that ask a 304 without a body.
 */
function answerCatalog<T>(request: FastifyRequest, reply: FastifyReply, entry: CatalogEntry<T>) {
  reply.header('cache-control', 'public, no-cache').header('etag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.json);
}
