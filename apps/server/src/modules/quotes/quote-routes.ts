import { endpoints } from '@alpenkube/contract/endpoints';
import { clusterConfigShapeSchema, quoteSchema } from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { type RateLimitRule } from '../rate-limit/index.ts';

export const quoteRoutes = routePlugin({ tag: 'pricing' }, async (app, route) => {
  const { quotes, memoryRateLimit, config } = app.services;
  const rule: RateLimitRule = {
    bucket: 'quote',
    limit: config.quoteLimitPerMinute,
    windowMs: 60_000,
    message: 'Too many price quotes from your network. Try again in a minute.',
  };

  route(
    endpoints.quotes.create,
    {
      access: 'anyone',
      summary:
        'Prices a cluster configuration: itemised lines, monthly and yearly totals (USD cents)',
      body: clusterConfigShapeSchema,
      answer: { 200: quoteSchema },
      refuses: [429],
      // Counted before the body is read, so a flood costs as little as possible.
      onRequest: async (request) => memoryRateLimit.hit(rule, `ip:${request.ip}`),
      // The engine's own typed output, not data read from storage: written as it is, without
      // checking it again against the response schema (which still documents it).
      serializerCompiler: () => (quote) => JSON.stringify(quote),
    },
    async (request) => quotes.quote(request.body),
  );
});
