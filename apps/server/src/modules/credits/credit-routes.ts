import { endpoints } from '@alpenkube/contract/endpoints';
import { creditEntrySchema, creditsSchema, grantCreditSchema } from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/** The credit balance and its history; platform operators grant credit to any organization. */
export const creditRoutes = routePlugin({ tag: 'billing' }, async (app, route) => {
  const { credits } = app.services;

  route(
    endpoints.billing.credits,
    {
      access: 'member',
      summary:
        "The organization's credit balance (taken first by its payments) and its newest 100 movements",
      answer: { 200: creditsSchema },
    },
    async (request) => credits.read(requireSession(request).user.organizationId),
  );

  route(
    endpoints.billing.grantCredit,
    {
      access: 'superAdmin',
      summary: 'Platform operators: grant credit to an organization, with a reason (audited)',
      body: grantCreditSchema,
      answer: { 201: creditEntrySchema },
      refuses: [404],
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const entry = await credits.grant(user, request.body, clientInfo(request));
      return reply.code(201).send(entry);
    },
  );
});
