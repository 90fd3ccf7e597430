import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  adminApiTokenQuerySchema,
  adminApiTokenSchema,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
  idParamsSchema,
  ownApiTokenSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/**
 * A person's API tokens, and an organization admin's view of the organization's. Session only
 * (the contract's route table leaves /api/api-tokens and /api/admin to sessions): a token can
 * neither mint nor revoke tokens. The one exception is `GET /api/api-tokens/mine`, which any of
 * the owner's tokens may read whatever its scopes (`alpenkube tokens list`): a script can see
 * which token it runs with and when it expires, and nothing a leaked token could use.
 */
export const apiTokenRoutes = routePlugin({ tag: 'api tokens' }, async (app, route) => {
  const { apiTokens } = app.services;
  const routes = endpoints.apiTokens;

  route(
    routes.mine,
    {
      access: 'member',
      summary: 'My API tokens, newest first (never the tokens themselves)',
      answer: { 200: z.array(apiTokenSchema) },
      refuses: [404, 409],
    },
    async (request) => apiTokens.listMine(requireSession(request).user),
  );

  route(
    routes.mineForToken,
    {
      access: 'member',
      summary:
        'My API tokens, newest first, the calling token marked `current`: open to any of my tokens whatever its scopes (never the tokens themselves nor where they were used from)',
      answer: { 200: z.array(ownApiTokenSchema) },
    },
    async (request) =>
      apiTokens.listMineFor(requireSession(request).user, request.apiToken?.id ?? null),
  );

  route(
    routes.create,
    {
      access: 'member',
      summary:
        'Creates a token with scopes, expiring within 365 days; the answer holds the token, once',
      body: createApiTokenSchema,
      answer: { 201: createdApiTokenSchema },
      refuses: [404, 409],
    },
    async (request, reply) => {
      const created = await apiTokens.create(
        requireSession(request).user,
        request.body,
        clientInfo(request),
      );
      return reply.code(201).send(created);
    },
  );

  route(
    routes.revoke,
    {
      access: 'member',
      summary: 'Revokes one of my tokens: it stops working at once',
      params: idParamsSchema,
      answer: { 200: apiTokenSchema },
      refuses: [404, 409],
    },
    async (request) =>
      apiTokens.revokeMine(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  route(
    routes.organization,
    {
      access: 'orgAdmin',
      summary:
        "The organization's tokens with their owners, newest first, a page of `limit` before the id `before` (super admins: every organization's, or `organizationId`'s)",
      query: adminApiTokenQuerySchema,
      answer: { 200: z.array(adminApiTokenSchema) },
      refuses: [404, 409],
    },
    async (request) => apiTokens.listForAdmin(requireSession(request).user, request.query),
  );

  route(
    routes.adminRevoke,
    {
      access: 'orgAdmin',
      summary: "Revokes a token of the organization's (super admins: any)",
      params: idParamsSchema,
      answer: { 200: adminApiTokenSchema },
      refuses: [404, 409],
    },
    async (request) =>
      apiTokens.revokeForAdmin(
        requireSession(request).user,
        request.params.id,
        clientInfo(request),
      ),
  );
});
