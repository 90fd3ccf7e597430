import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardDetailsSchema, cardTokenSchema, errorSchema } from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import type { RateLimitRule } from '../rate-limit/index.ts';
import { challengePage, settledPage, unknownChargePage } from './challenge-page.ts';
import {
  challengePath,
  isTestGateway,
  sitePath,
  TEST_GATEWAY_PREFIX,
  TOKENIZE_PATH,
} from './test-gateway.ts';

/** Generous for a person trying cards, tight enough that a script cannot fill the table. */
const TOKENIZE_LIMIT_PER_MINUTE = 60;
const tokenizeRule: RateLimitRule = {
  bucket: 'test-gateway-token',
  limit: TOKENIZE_LIMIT_PER_MINUTE,
  windowMs: 60_000,
  message: 'Too many cards tried from your network. Try again in a minute.',
};

const chargeParamsSchema = z.strictObject({ chargeId: z.string().max(100) });
const outcomeSchema = z.strictObject({ outcome: z.enum(['complete', 'fail']) });

/**
 * The site's pages say `Referrer-Policy: no-referrer`, under which a browser posts a form with
 * `Origin: null`, which the cross-site guard refuses. `same-origin` keeps every referrer off other
 * sites and lets the page's own form post carry its origin.
 */
const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .headers({ 'cache-control': 'no-store', 'referrer-policy': 'same-origin' })
    .type('text/html; charset=utf-8')
    .send(body);

/**
 * The test gateway's own endpoints, outside `/api` as a processor's would be on its own host:
 * the tokenizing endpoint the browser sends card details to, and the challenge page. Served
 * only while the test gateway is the one in use. Plain Fastify routes: they are no endpoint of
 * the contract's API, and the challenge answers HTML.
 */
export const testGatewayRoutes = routePlugin({}, async (app) => {
  const { paymentGateway, memoryRateLimit, config } = app.services;
  if (!isTestGateway(paymentGateway)) return;
  const gateway = paymentGateway;

  app.post(
    TOKENIZE_PATH,
    {
      config: { access: 'anyone' },
      // Counted before the body is read, so a flood costs as little as possible.
      onRequest: async (request) => memoryRateLimit.hit(tokenizeRule, `ip:${request.ip}`),
      schema: {
        tags: ['test gateway'],
        summary:
          "The test gateway's tokenizing endpoint: card details in, a token out (only its test cards)",
        body: cardDetailsSchema,
        response: { 201: cardTokenSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const token = await gateway.tokenize(request.body);
      return reply.code(201).header('cache-control', 'no-store').send(token);
    },
  );

  // The page's form posts application/x-www-form-urlencoded: accepted in this scope only.
  const challengeRoutes: FastifyPluginAsyncZod = async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const returnPathOf = (path: string | null) => (path ? sitePath(path, config.publicUrl) : null);

    pages.get(
      `${TEST_GATEWAY_PREFIX}/challenge/:chargeId`,
      {
        config: { access: 'anyone' },
        schema: { hide: true, params: chargeParamsSchema },
      },
      async (request, reply) => {
        const view = await gateway.challenge(request.params.chargeId);
        if (!view) return html(reply, 404, unknownChargePage());
        if (view.charge.status !== 'requires_action') {
          return html(reply, 200, settledPage(view.charge, returnPathOf(view.returnPath)));
        }
        return html(reply, 200, challengePage(view.charge, challengePath(view.charge.id)));
      },
    );

    pages.post(
      `${TEST_GATEWAY_PREFIX}/challenge/:chargeId`,
      {
        config: { access: 'anyone' },
        schema: { hide: true, params: chargeParamsSchema, body: outcomeSchema },
      },
      async (request, reply) => {
        const view = await gateway.completeChallenge(request.params.chargeId, request.body.outcome);
        if (!view) return html(reply, 404, unknownChargePage());
        const returnPath = returnPathOf(view.returnPath);
        if (!view.changed) return html(reply, 409, settledPage(view.charge, returnPath));
        if (!returnPath) return html(reply, 200, settledPage(view.charge, null));
        return reply.header('cache-control', 'no-store').redirect(returnPath, 303);
      },
    );
  };
  await app.register(challengeRoutes);
});
