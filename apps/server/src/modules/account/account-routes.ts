import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  changePasswordSchema,
  errorSchema,
  idParamsSchema,
  mfaDisableSchema,
  mfaEnableSchema,
  mfaSetupSchema,
  revokedSchema,
  sessionInfoSchema,
  updateProfileSchema,
  userSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession, toPublicUser } from '../sessions/index.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

/** The signed-in user's own account. Every route here needs a session. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app.services;

  app.patch(
    endpoints.account.updateProfile.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Update name and e-mail; a new e-mail needs the current password',
        body: updateProfileSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) =>
      toPublicUser(
        await account.updateProfile(
          requireSession(request).user.id,
          request.body,
          clientInfo(request),
        ),
      ),
  );

  app.put(
    endpoints.account.changePassword.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Change the password; other sessions end',
        body: changePasswordSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await account.changePassword(requireSession(request), request.body, clientInfo(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    endpoints.account.startMfaSetup.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Start two-factor set-up: a new TOTP secret',
        response: { 200: mfaSetupSchema, ...errors },
      },
    },
    async (request) => account.setupMfa(requireSession(request).user.id),
  );

  app.post(
    endpoints.account.enableMfa.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor on with the password and a code from the new secret',
        body: mfaEnableSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) =>
      toPublicUser(
        await account.enableMfa(requireSession(request).user.id, request.body, clientInfo(request)),
      ),
  );

  app.post(
    endpoints.account.disableMfa.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor off with the password and a code',
        body: mfaDisableSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) =>
      toPublicUser(
        await account.disableMfa(
          requireSession(request).user.id,
          request.body,
          clientInfo(request),
        ),
      ),
  );

  app.get(
    endpoints.account.sessions.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: "The user's sessions",
        response: { 200: z.array(sessionInfoSchema), 401: errorSchema },
      },
    },
    async (request) => account.listSessions(requireSession(request)),
  );

  app.delete(
    endpoints.account.revokeSession.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'End one of your sessions',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await account.revokeSession(requireSession(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    endpoints.account.revokeOtherSessions.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'End every session but this one',
        response: { 200: revokedSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      revoked: await account.revokeOtherSessions(requireSession(request)),
    }),
  );
};
