import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  errorSchema,
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
import { HttpError } from '../../lib/http-error.ts';
import { requireSession } from '../sessions/index.ts';
import { versionSummary } from './platform-service.ts';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, catalog, platform } = app.services;
  let openapi: PrewrittenJson<unknown> | undefined;
  // Fixed for the life of the process: written once, not per request (the footer asks for it).
  const summary = prewrittenJson(versionSummary(config.appEnv));

  app.get(
    endpoints.platform.version.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['platform'],
        summary: 'Version and environment',
        response: { 200: versionSummarySchema },
      },
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => answerPrewritten(request, reply, summary),
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
    async (request, reply) => answerPrewritten(request, reply, await catalog.tiers()),
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
    async (request, reply) => answerPrewritten(request, reply, await catalog.addons()),
  );

  app.get(
    endpoints.platform.catalog.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['platform'],
        summary:
          'The whole catalog (tiers, providers and regions, Kubernetes versions, add-ons, support plans), prices in USD cents',
        response: { 200: catalogSchema },
      },
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => answerPrewritten(request, reply, await catalog.catalog()),
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
    async (request) => platform.sidebarCounts(requireSession(request).user),
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
      if (!(await platform.databaseAnswers())) throw new HttpError(503, 'Database unreachable');
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  app.get(
    endpoints.platform.openapi.pattern,
    {
      config: { access: 'anyone' },
      schema: { hide: true },
      serializerCompiler: passPrewrittenJson,
    },
    // The document is fixed once the routes are: written on first ask, then served as is.
    async (request, reply) =>
      answerPrewritten(request, reply, (openapi ??= prewrittenJson(app.swagger()))),
  );
};
