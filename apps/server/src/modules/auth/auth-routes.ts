import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  emailOnlySchema,
  errorSchema,
  loginMfaSchema,
  loginResultSchema,
  loginSchema,
  magicLinkVerifySchema,
  messageSchema,
  registerSchema,
  resetPasswordSchema,
  userSchema,
  verifyEmailSchema,
} from '@alpenkube/contract';
import {
  clearSessionCookie,
  clientInfo,
  readSessionToken,
  requireSession,
  setSessionCookie,
  toPublicUser,
} from '../sessions/index.ts';
import { unauthorized } from '../../lib/http-error.ts';
import type { SignInOutcome } from './auth-service.ts';
import { TOKEN_LIFETIMES_MS } from './auth-tokens.ts';

const MFA_COOKIE = 'mfa_challenge';
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  const maxAgeSeconds = app.services.config.sessionMaxDays * 86_400;

  /** Sets the session cookie, or the second-factor cookie, and answers what the client needs. */
  function answer(request: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome) {
    const mfaCookie = {
      path: endpoints.session.loginMfa.pattern,
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: request.protocol === 'https',
    };
    if (outcome.kind === 'mfa') {
      reply.setCookie(MFA_COOKIE, outcome.challenge, {
        ...mfaCookie,
        maxAge: TOKEN_LIFETIMES_MS.mfa_challenge / 1000,
      });
      return { mfaRequired: true as const };
    }
    // An abandoned second-factor step's cookie goes, with the attributes it was set with. The
    // browser sends it only to its own path, so from here whether one is held cannot be known.
    reply.clearCookie(MFA_COOKIE, mfaCookie);
    setSessionCookie(request, reply, outcome.token, maxAgeSeconds);
    return toPublicUser(outcome.user);
  }

  app.post(
    endpoints.session.register.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerSchema,
        response: { 201: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await auth.register(request.body, clientInfo(request));
      reply.code(201);
      return answer(request, reply, outcome) as z.infer<typeof userSchema>;
    },
  );

  app.post(
    endpoints.session.login.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a username or e-mail and a password',
        body: loginSchema,
        response: { 200: loginResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      answer(request, reply, await auth.login(request.body, clientInfo(request))),
  );

  app.post(
    endpoints.session.loginMfa.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Finish signing in with a TOTP code',
        body: loginMfaSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const challenge = request.cookies[MFA_COOKIE];
      if (!challenge) throw unauthorized('Your sign-in step expired. Sign in again.');
      const outcome = await auth.completeMfa(challenge, request.body.code, clientInfo(request));
      return answer(request, reply, outcome) as z.infer<typeof userSchema>;
    },
  );

  app.post(
    endpoints.session.logout.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session ends on the server',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const token = readSessionToken(request);
      if (token && request.session)
        await auth.logout(request.session.user, token, clientInfo(request));
      else if (token) await app.services.sessions.destroy(token);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    endpoints.auth.resendVerification.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link',
        body: emailOnlySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resendVerification(request.body.email, clientInfo(request));
      return {
        message: 'If that address has an unverified account, a verification link is on its way.',
      };
    },
  );

  app.post(
    endpoints.auth.verifyEmail.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Verify an e-mail address with the mailed token',
        body: verifyEmailSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => toPublicUser(await auth.verifyEmail(request.body.token)),
  );

  app.post(
    endpoints.auth.forgotPassword.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        body: emailOnlySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, clientInfo(request));
      return {
        message:
          'If an account uses that address, a reset link is on its way. It expires in 1 hour.',
      };
    },
  );

  app.post(
    endpoints.auth.resetPassword.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the mailed token; ends every session',
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password, clientInfo(request));
      return { message: 'Your password was changed. Sign in with the new one.' };
    },
  );

  app.post(
    endpoints.auth.requestMagicLink.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a single-use sign-in link (15 minutes)',
        body: emailOnlySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.requestMagicLink(request.body.email, clientInfo(request));
      return {
        message:
          'If an account uses that address, a sign-in link is on its way. It expires in 15 minutes.',
      };
    },
  );

  app.post(
    endpoints.auth.verifyMagicLink.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a mailed link',
        body: magicLinkVerifySchema,
        response: { 200: loginResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await auth.signInWithMagicLink(request.body.token, clientInfo(request)),
      ),
  );

  app.get(
    endpoints.session.user.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: errorSchema },
      },
    },
    async (request) => toPublicUser(requireSession(request).user),
  );
};
