import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  closeMonthResultSchema,
  closeMonthSchema,
  devLoginSchema,
  devMailSchema,
  devUserSchema,
  errorSchema,
  notificationSchema,
  notificationTypeSchema,
  userSchema,
} from '@alpenkube/contract';
import { users } from '../users/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import {
  clientInfo,
  loadSessionUser,
  requireSession,
  setSessionCookie,
  toPublicUser,
} from '../sessions/index.ts';
import { latestMail } from '../mail/index.ts';
import { DEMO_USERS } from './demo-data.ts';

/** Development helpers. app.ts registers this plugin only when APP_ENV=development. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, sessions, notifications, config } = app.services;

  app.get(
    endpoints.dev.users.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['development'],
        summary: 'The demo users',
        response: { 200: z.array(devUserSchema) },
      },
    },
    async () =>
      DEMO_USERS.map(({ username, role, description }) => ({ username, role, description })),
  );

  app.post(
    endpoints.dev.login.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['development'],
        summary: 'Sign in as any user without a password',
        body: devLoginSchema,
        response: { 200: userSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, request.body.username.toLowerCase()));
      if (!user) throw notFound('No such user');
      const client = clientInfo(request);
      const token = await db.transaction(async (tx) => {
        if (client.previousToken) await sessions.destroy(client.previousToken, tx);
        return sessions.create(tx, user.id, client);
      });
      setSessionCookie(request, reply, token, config.sessionMaxDays * 86_400);
      return toPublicUser((await loadSessionUser(db, user.id))!);
    },
  );

  app.get(
    endpoints.dev.mailbox.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['development'],
        summary: 'The latest mails, with their links',
        response: { 200: z.array(devMailSchema) },
      },
    },
    async () => latestMail(db),
  );

  app.post(
    endpoints.dev.notify.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['development'],
        summary: 'Write a notification for the signed-in user',
        body: z.strictObject({
          type: notificationTypeSchema.default('info'),
          message: z.string().trim().min(1).max(500),
        }),
        response: { 201: notificationSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const notification = await notifications.create(
        requireSession(request).user.id,
        request.body.type,
        request.body.message,
      );
      reply.code(201);
      return notification;
    },
  );

  app.post(
    endpoints.dev.providerFaults.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['development'],
        summary:
          'Makes the simulated providers fail the next attempts of a step (network, control-plane, node…)',
        body: z.strictObject({
          step: z.string().min(1).max(64),
          times: z.number().int().min(1).max(100),
          message: z.string().max(200).optional(),
        }),
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      app.services.providers.faults.inject(
        request.body.step,
        request.body.times,
        request.body.message,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    endpoints.dev.closeMonth.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['development'],
        summary:
          "Meters and closes the month up to now: the caller's organization, or any for a platform operator",
        body: closeMonthSchema,
        response: {
          200: closeMonthResultSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) =>
      app.services.invoices.closeToNow(requireSession(request).user, request.body.organizationId),
  );
};
