import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  creditEntrySchema,
  creditsSchema,
  errorSchema,
  grantCreditSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

const readErrors = { 401: errorSchema, 403: errorSchema };

/** The credit balance and its history; platform operators grant credit to any organization. */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { credits } = app.services;

  app.get(
    endpoints.billing.credits.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary:
          "The organization's credit balance (taken first by its payments) and its newest 100 movements",
        response: { 200: creditsSchema, ...readErrors },
      },
    },
    async (request) => credits.read(requireSession(request).user.organizationId),
  );

  app.post(
    endpoints.billing.grantCredit.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['billing'],
        summary: 'Platform operators: grant credit to an organization, with a reason (audited)',
        body: grantCreditSchema,
        response: { 201: creditEntrySchema, 400: errorSchema, ...readErrors, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const entry = await credits.grant(user, request.body, clientInfo(request));
      return reply.code(201).send(entry);
    },
  );
};
