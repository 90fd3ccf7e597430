import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { clusterConfigShapeSchema, errorSchema, quoteSchema } from '@alpenkube/contract';
import { type RateLimitRule } from '../rate-limit/index.ts';

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quotes, memoryRateLimit, config } = app.services;
  const rule: RateLimitRule = {
    bucket: 'quote',
    limit: config.quoteLimitPerMinute,
    windowMs: 60_000,
    message: 'Too many price quotes from your network. Try again in a minute.',
  };

  app.post(
    endpoints.quotes.create.pattern,
    {
      config: { access: 'anyone' },
      // Counted before the body is read, so a flood costs as little as possible.
      onRequest: async (request) => memoryRateLimit.hit(rule, `ip:${request.ip}`),
      // The engine's own typed output, not data read from storage: written as it is, without
      // checking it again against the response schema (which still documents it).
      serializerCompiler: () => (quote) => JSON.stringify(quote),
      schema: {
        tags: ['pricing'],
        summary:
          'Prices a cluster configuration: itemised lines, monthly and yearly totals (USD cents)',
        body: clusterConfigShapeSchema,
        response: { 200: quoteSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => quotes.quote(request.body),
  );
};
