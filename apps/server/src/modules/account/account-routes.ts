import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  changePasswordSchema,
  deleteAccountSchema,
  idParamsSchema,
  mfaDisableSchema,
  mfaEnableSchema,
  mfaSetupSchema,
  revokedSchema,
  sessionInfoSchema,
  updateProfileSchema,
  userSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clearSessionCookie, clientInfo, requireSession, toPublicUser } from '../sessions/index.ts';

/** The signed-in user's own account. Every route here needs a session. */
export const accountRoutes = routePlugin({ tag: 'account' }, async (app, route) => {
  const { account } = app.services;

  route(
    endpoints.account.updateProfile,
    {
      access: 'signedIn',
      summary: 'Update name and e-mail; a new e-mail needs the current password',
      body: updateProfileSchema,
      answer: { 200: userSchema },
      refuses: [404, 409, 429],
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

  route(
    endpoints.account.changePassword,
    {
      access: 'signedIn',
      summary: 'Change the password; other sessions end',
      body: changePasswordSchema,
      answer: { 204: z.null() },
      refuses: [404, 409, 429],
    },
    async (request, reply) => {
      await account.changePassword(requireSession(request), request.body, clientInfo(request));
      return reply.code(204).send(null);
    },
  );

  route(
    endpoints.account.deleteAccount,
    {
      access: 'signedIn',
      summary:
        'Erase your own account: your password again and your username typed; every session ends',
      body: deleteAccountSchema,
      answer: { 204: z.null() },
      refuses: [403, 409, 429],
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      await app.services.officers.eraseOwnAccount(user, clientInfo(request), request.body);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  route(
    endpoints.account.startMfaSetup,
    {
      access: 'signedIn',
      summary: 'Start two-factor set-up: a new TOTP secret',
      answer: { 200: mfaSetupSchema },
      refuses: [404, 409, 429],
    },
    async (request) => account.setupMfa(requireSession(request).user.id),
  );

  route(
    endpoints.account.enableMfa,
    {
      access: 'signedIn',
      summary: 'Turn two-factor on with the password and a code from the new secret',
      body: mfaEnableSchema,
      answer: { 200: userSchema },
      refuses: [404, 409, 429],
    },
    async (request) =>
      toPublicUser(
        await account.enableMfa(requireSession(request).user.id, request.body, clientInfo(request)),
      ),
  );

  route(
    endpoints.account.disableMfa,
    {
      access: 'signedIn',
      summary: 'Turn two-factor off with the password and a code',
      body: mfaDisableSchema,
      answer: { 200: userSchema },
      refuses: [404, 409, 429],
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

  route(
    endpoints.account.sessions,
    {
      access: 'signedIn',
      summary: "The user's sessions",
      answer: { 200: z.array(sessionInfoSchema) },
    },
    async (request) => account.listSessions(requireSession(request)),
  );

  route(
    endpoints.account.revokeSession,
    {
      access: 'signedIn',
      summary: 'End one of your sessions',
      params: idParamsSchema,
      answer: { 204: z.null() },
      refuses: [404, 409, 429],
    },
    async (request, reply) => {
      await account.revokeSession(requireSession(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  route(
    endpoints.account.revokeOtherSessions,
    {
      access: 'signedIn',
      summary: 'End every session but this one',
      answer: { 200: revokedSchema },
    },
    async (request) => ({
      revoked: await account.revokeOtherSessions(requireSession(request)),
    }),
  );
});
