import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  adminApiTokenQuerySchema,
  adminApiTokenSchema,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
  errorSchema,
  idParamsSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/**
 * A person's API tokens, and an organization admin's view of the organization's. Session only
 * (the contract's route table leaves /api/api-tokens and /api/admin to sessions): a token can
 * neither mint nor revoke tokens.
 */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiTokens } = app.services;
  const routes = endpoints.apiTokens;

  app.get(
    routes.mine.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['api tokens'],
        summary: 'My API tokens, newest first (never the tokens themselves)',
        response: { 200: z.array(apiTokenSchema), ...errors },
      },
    },
    async (request) => apiTokens.listMine(requireSession(request).user),
  );

  app.post(
    routes.create.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['api tokens'],
        summary:
          'Creates a token with scopes, expiring within 365 days; the answer holds the token, once',
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema, ...errors },
      },
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

  app.delete(
    routes.revoke.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['api tokens'],
        summary: 'Revokes one of my tokens: it stops working at once',
        params: idParamsSchema,
        response: { 200: apiTokenSchema, ...errors },
      },
    },
    async (request) =>
      apiTokens.revokeMine(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  app.get(
    routes.organization.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags: ['api tokens'],
        summary:
          "The organization's tokens with their owners, newest first, a page of `limit` before the id `before` (super admins: every organization's, or `organizationId`'s)",
        querystring: adminApiTokenQuerySchema,
        response: { 200: z.array(adminApiTokenSchema), ...errors },
      },
    },
    async (request) => apiTokens.listForAdmin(requireSession(request).user, request.query),
  );

  app.delete(
    routes.adminRevoke.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags: ['api tokens'],
        summary: "Revokes a token of the organization's (super admins: any)",
        params: idParamsSchema,
        response: { 200: adminApiTokenSchema, ...errors },
      },
    },
    async (request) =>
      apiTokens.revokeForAdmin(
        requireSession(request).user,
        request.params.id,
        clientInfo(request),
      ),
  );
};
