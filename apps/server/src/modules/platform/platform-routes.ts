import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  healthSchema,
  sidebarCountsSchema,
  tierSchema,
  versionSummarySchema,
  addonSchema,
  catalogSchema,
} from '@alpenkube/contract';
import {
  answerPrewritten,
  passPrewrittenJson,
  prewrittenJson,
  type PrewrittenJson,
} from '../../http/prewritten-json.ts';
import { routePlugin } from '../../http/route.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireSession } from '../sessions/index.ts';
import { versionSummary } from './platform-service.ts';

export const platformRoutes = routePlugin({ tag: 'platform' }, async (app, route) => {
  const { config, catalog, platform } = app.services;
  let openapi: PrewrittenJson<unknown> | undefined;
  // Fixed for the life of the process: written once, not per request (the footer asks for it).
  const summary = prewrittenJson(versionSummary(config.appEnv));

  route(
    endpoints.platform.version,
    {
      access: 'anyone',
      summary: 'Version and environment',
      answer: { 200: versionSummarySchema },
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => answerPrewritten(request, reply, summary),
  );

  route(
    endpoints.platform.tiers,
    {
      access: 'anyone',
      summary: 'The cluster tiers with their prices (USD cents)',
      answer: { 200: z.array(tierSchema) },
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => answerPrewritten(request, reply, await catalog.tiers()),
  );

  route(
    endpoints.platform.addons,
    {
      access: 'anyone',
      summary: 'The add-on catalog with prices (USD cents) and compatible tiers',
      answer: { 200: z.array(addonSchema) },
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => answerPrewritten(request, reply, await catalog.addons()),
  );

  route(
    endpoints.platform.catalog,
    {
      access: 'anyone',
      summary:
        'The whole catalog (tiers, providers and regions, Kubernetes versions, add-ons, support plans), prices in USD cents',
      answer: { 200: catalogSchema },
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => answerPrewritten(request, reply, await catalog.catalog()),
  );

  route(
    endpoints.platform.sidebarCounts,
    {
      access: 'signedIn',
      summary: "Clusters and orders of the user's organization",
      answer: { 200: sidebarCountsSchema },
    },
    async (request) => platform.sidebarCounts(requireSession(request).user),
  );

  route(
    endpoints.platform.officersAccess,
    {
      access: 'signedIn',
      summary: 'Whether the user may open the Officers Panel',
      answer: { 200: z.boolean() },
    },
    async (request) => requireSession(request).user.officerAccess,
  );

  route(
    endpoints.platform.health,
    {
      access: 'anyone',
      summary: 'Whether the server and its database answer',
      answer: { 200: healthSchema },
      refuses: [503],
    },
    async (_request, reply) => {
      const database = await platform.databaseHealth();
      if (database === 'down') throw new HttpError(503, 'Database unreachable');
      // The answer's shape is the contract's; a header tells that it answers after a long query.
      if (database === 'busy') reply.header('x-database', 'busy');
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  route(
    endpoints.platform.openapi,
    {
      access: 'anyone',
      summary: 'The OpenAPI document',
      answer: {},
      hide: true,
      serializerCompiler: passPrewrittenJson,
    },
    // The document is fixed once the routes are: written on first ask, then served as is.
    async (request, reply) =>
      answerPrewritten(request, reply, (openapi ??= prewrittenJson(app.swagger()))),
  );
});
