import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  closeMonthResultSchema,
  closeMonthSchema,
  devLoginSchema,
  devMailSchema,
  devUserSchema,
  idParamsSchema,
  notificationSchema,
  notificationTypeSchema,
  userSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { notFound } from '../../lib/http-error.ts';
import { clientInfo, requireSession, setSessionCookie } from '../sessions/index.ts';
import { latestMail } from '../mail/index.ts';
import { DEMO_USERS } from './demo-data.ts';
import { signInAs } from './dev-sign-in.ts';

/** Development helpers: absent unless APP_ENV=development. */
export const devRoutes = routePlugin({ tag: 'development' }, async (app, route) => {
  const { db, sessions, notifications, config } = app.services;
  if (config.appEnv !== 'development') return;

  route(
    endpoints.dev.users,
    { access: 'anyone', summary: 'The demo users', answer: { 200: z.array(devUserSchema) } },
    async () =>
      DEMO_USERS.map(({ username, role, description }) => ({ username, role, description })),
  );

  route(
    endpoints.dev.login,
    {
      access: 'anyone',
      summary: 'Sign in as any user without a password',
      body: devLoginSchema,
      answer: { 200: userSchema },
      refuses: [404],
    },
    async (request, reply) => {
      const signedIn = await signInAs({ db, sessions }, request.body.username, clientInfo(request));
      if (!signedIn) throw notFound('No such user');
      setSessionCookie(request, reply, signedIn.token, config.sessionMaxDays * 86_400);
      return signedIn.user;
    },
  );

  route(
    endpoints.dev.mailbox,
    {
      access: 'anyone',
      summary: 'The latest mails, with their links',
      answer: { 200: z.array(devMailSchema) },
    },
    async () => latestMail(db),
  );

  route(
    endpoints.dev.notify,
    {
      access: 'signedIn',
      summary: 'Write a notification for the signed-in user',
      body: z.strictObject({
        type: notificationTypeSchema.default('info'),
        message: z.string().trim().min(1).max(500),
      }),
      answer: { 201: notificationSchema },
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

  route(
    endpoints.dev.providerFaults,
    {
      access: 'signedIn',
      summary:
        'Makes the simulated providers fail the next attempts of a step (network, control-plane, node…)',
      body: z.strictObject({
        step: z.string().min(1).max(64),
        times: z.number().int().min(1).max(100),
        message: z.string().max(200).optional(),
      }),
      answer: { 204: z.null() },
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

  route(
    endpoints.dev.sweepCluster,
    {
      access: 'signedIn',
      summary:
        "Sweeps one cluster of the caller's organization for expiry and idle deletion as if it were `at`",
      params: idParamsSchema,
      body: z.strictObject({ at: z.iso.datetime() }),
      answer: {
        200: z.object({ expired: z.array(z.number().int()), idle: z.array(z.number().int()) }),
      },
      refuses: [404],
    },
    async (request) => {
      const { user } = requireSession(request);
      // A 404 for another organization's cluster, as everywhere.
      await app.services.clusters.get(user.organizationId, request.params.id);
      return app.services.clusters.sweepLifespans(new Date(request.body.at), request.params.id);
    },
  );

  route(
    endpoints.dev.sweepMaintenance,
    {
      access: 'signedIn',
      summary:
        "Runs the maintenance sweep for one cluster of the caller's organization as if it were `at`",
      params: idParamsSchema,
      body: z.strictObject({ at: z.iso.datetime() }),
      answer: {
        200: z.object({
          upgraded: z.array(z.number().int()),
          notices: z.array(z.object({ clusterId: z.number().int(), days: z.number().int() })),
        }),
      },
      refuses: [404],
    },
    async (request) => {
      const { user } = requireSession(request);
      await app.services.clusters.get(user.organizationId, request.params.id);
      return app.services.clusters.sweepMaintenance(new Date(request.body.at), request.params.id);
    },
  );

  route(
    endpoints.dev.closeMonth,
    {
      access: 'signedIn',
      summary:
        "Meters and closes the month up to now: the caller's organization, or any for a platform operator",
      body: closeMonthSchema,
      answer: { 200: closeMonthResultSchema },
      refuses: [404],
    },
    async (request) =>
      app.services.invoices.closeToNow(requireSession(request).user, request.body.organizationId),
  );

  route(
    endpoints.dev.meterNow,
    {
      access: 'signedIn',
      summary:
        "Meters the caller's organization up to now, the hour under way included (its rest is then never metered)",
      answer: { 200: z.object({ records: z.number().int() }) },
    },
    async (request) => {
      const { records } = await app.services.usage.meterOrganization(
        requireSession(request).user.organizationId,
        new Date(),
      );
      return { records };
    },
  );
});
