import { endpoints } from '@alpenkube/contract/endpoints';
import {
  createCreditCodeSchema,
  creditCodeSchema,
  creditEntrySchema,
  creditsSchema,
  grantCreditSchema,
  idParamsSchema,
  redeemCreditCodeSchema,
} from '@alpenkube/contract';
import { z } from 'zod';
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

  route(
    endpoints.billing.redeemCreditCode,
    {
      access: 'orderer',
      summary:
        "Redeem a credit code for the organization's balance: once per organization; 10 unknown codes an hour",
      body: redeemCreditCodeSchema,
      answer: { 201: creditEntrySchema },
      refuses: [404, 409, 429],
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const entry = await credits.redeemCode(user, request.body.code, clientInfo(request));
      return reply.code(201).send(entry);
    },
  );

  route(
    endpoints.billing.creditCodes,
    {
      access: 'superAdmin',
      summary: 'Platform operators: the credit codes, newest first (at most 200)',
      answer: { 200: z.array(creditCodeSchema) },
    },
    async () => credits.codes(),
  );

  route(
    endpoints.billing.createCreditCode,
    {
      access: 'superAdmin',
      summary:
        'Platform operators: issue a credit code with an amount, a last day and a number of organizations (audited)',
      body: createCreditCodeSchema,
      answer: { 201: creditCodeSchema },
      refuses: [409],
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const code = await credits.createCode(user, request.body, clientInfo(request));
      return reply.code(201).send(code);
    },
  );

  route(
    endpoints.billing.revokeCreditCode,
    {
      access: 'superAdmin',
      summary: 'Platform operators: revoke a credit code; what was redeemed stays (audited)',
      params: idParamsSchema,
      answer: { 200: creditCodeSchema },
      refuses: [404],
    },
    async (request) =>
      credits.revokeCode(requireSession(request).user, request.params.id, clientInfo(request)),
  );
});
