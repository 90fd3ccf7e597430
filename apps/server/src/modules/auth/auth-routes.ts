import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  emailOnlySchema,
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
import { routePlugin } from '../../http/route.ts';
import { unauthorized } from '../../lib/http-error.ts';
import type { SignInOutcome } from './auth-service.ts';
import { TOKEN_LIFETIMES_MS } from './auth-tokens.ts';

const MFA_COOKIE = 'mfa_challenge';
export const authRoutes = routePlugin({ tag: 'auth' }, async (app, route) => {
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

  route(
    endpoints.session.register,
    {
      access: 'anyone',
      summary: 'Create an account and sign in',
      body: registerSchema,
      answer: { 201: userSchema },
      refuses: [401, 409, 429],
    },
    async (request, reply) => {
      const outcome = await auth.register(request.body, clientInfo(request));
      reply.code(201);
      return answer(request, reply, outcome) as z.infer<typeof userSchema>;
    },
  );

  route(
    endpoints.session.login,
    {
      access: 'anyone',
      summary: 'Sign in with a username or e-mail and a password',
      body: loginSchema,
      answer: { 200: loginResultSchema },
      refuses: [401, 409, 429],
    },
    async (request, reply) =>
      answer(request, reply, await auth.login(request.body, clientInfo(request))),
  );

  route(
    endpoints.session.loginMfa,
    {
      access: 'anyone',
      summary: 'Finish signing in with a TOTP code',
      body: loginMfaSchema,
      answer: { 200: userSchema },
      refuses: [401, 409, 429],
    },
    async (request, reply) => {
      const challenge = request.cookies[MFA_COOKIE];
      if (!challenge) throw unauthorized('Your sign-in step expired. Sign in again.');
      const outcome = await auth.completeMfa(challenge, request.body.code, clientInfo(request));
      return answer(request, reply, outcome) as z.infer<typeof userSchema>;
    },
  );

  route(
    endpoints.session.logout,
    {
      access: 'anyone',
      summary: 'Sign out: the session ends on the server',
      answer: { 204: z.null() },
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

  route(
    endpoints.auth.resendVerification,
    {
      access: 'anyone',
      summary: 'Mail a new verification link',
      body: emailOnlySchema,
      answer: { 200: messageSchema },
      refuses: [401, 409, 429],
    },
    async (request) => {
      await auth.resendVerification(request.body.email, clientInfo(request));
      return {
        message: 'If that address has an unverified account, a verification link is on its way.',
      };
    },
  );

  route(
    endpoints.auth.verifyEmail,
    {
      access: 'anyone',
      summary: 'Verify an e-mail address with the mailed token',
      body: verifyEmailSchema,
      answer: { 200: userSchema },
      refuses: [401, 409, 429],
    },
    async (request) => toPublicUser(await auth.verifyEmail(request.body.token)),
  );

  route(
    endpoints.auth.forgotPassword,
    {
      access: 'anyone',
      summary: 'Mail a password reset link',
      body: emailOnlySchema,
      answer: { 200: messageSchema },
      refuses: [401, 409, 429],
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, clientInfo(request));
      return {
        message:
          'If an account uses that address, a reset link is on its way. It expires in 1 hour.',
      };
    },
  );

  route(
    endpoints.auth.resetPassword,
    {
      access: 'anyone',
      summary: 'Choose a new password with the mailed token; ends every session',
      body: resetPasswordSchema,
      answer: { 200: messageSchema },
      refuses: [401, 409, 429],
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password, clientInfo(request));
      return { message: 'Your password was changed. Sign in with the new one.' };
    },
  );

  route(
    endpoints.auth.requestMagicLink,
    {
      access: 'anyone',
      summary: 'Mail a single-use sign-in link (15 minutes)',
      body: emailOnlySchema,
      answer: { 200: messageSchema },
      refuses: [401, 409, 429],
    },
    async (request) => {
      await auth.requestMagicLink(request.body.email, clientInfo(request));
      return {
        message:
          'If an account uses that address, a sign-in link is on its way. It expires in 15 minutes.',
      };
    },
  );

  route(
    endpoints.auth.verifyMagicLink,
    {
      access: 'anyone',
      summary: 'Sign in with a mailed link',
      body: magicLinkVerifySchema,
      answer: { 200: loginResultSchema },
      refuses: [401, 409, 429],
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await auth.signInWithMagicLink(request.body.token, clientInfo(request)),
      ),
  );

  route(
    endpoints.session.user,
    {
      tag: 'account',
      access: 'signedIn',
      summary: 'The signed-in user',
      answer: { 200: userSchema },
    },
    async (request) => toPublicUser(requireSession(request).user),
  );
});
