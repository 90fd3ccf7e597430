import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  idParamsSchema,
  mailPreferencesSchema,
  notificationCountSchema,
  notificationSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { requireSession } from '../sessions/index.ts';

/** A user's own notifications; another user's id answers 404 and changes nothing. */
export const notificationRoutes = routePlugin({ tag: 'notifications' }, async (app, route) => {
  const notifications = app.services.notifications;

  route(
    endpoints.notifications.list,
    {
      access: 'signedIn',
      summary: 'Newest first, without trashed ones',
      answer: { 200: z.array(notificationSchema) },
    },
    async (request) => notifications.list(requireSession(request).user.id),
  );

  route(
    endpoints.notifications.count,
    { access: 'signedIn', summary: 'Unread count', answer: { 200: notificationCountSchema } },
    async (request) => ({
      count: await notifications.unreadCount(requireSession(request).user.id),
    }),
  );

  route(
    endpoints.notifications.markRead,
    {
      access: 'signedIn',
      summary: 'Mark one read',
      params: idParamsSchema,
      answer: { 200: notificationSchema },
      refuses: [404],
    },
    async (request) => notifications.markRead(requireSession(request).user.id, request.params.id),
  );

  route(
    endpoints.notifications.markAllRead,
    {
      access: 'signedIn',
      summary: 'Mark all read',
      answer: { 200: z.object({ updated: z.number().int() }) },
    },
    async (request) => ({
      updated: await notifications.markAllRead(requireSession(request).user.id),
    }),
  );

  route(
    endpoints.notifications.trash,
    {
      access: 'signedIn',
      summary: 'Move one to the trash',
      params: idParamsSchema,
      answer: { 200: notificationSchema },
      refuses: [404],
    },
    async (request) => notifications.trash(requireSession(request).user.id, request.params.id),
  );

  route(
    endpoints.notifications.mailPreferences,
    {
      access: 'signedIn',
      summary:
        'Which kinds of notice also come by mail: clusters, invoices, budget, tickets, maintenance',
      answer: { 200: mailPreferencesSchema },
    },
    async (request) => notifications.mailPreferences(requireSession(request).user.id),
  );

  route(
    endpoints.notifications.updateMailPreferences,
    {
      access: 'signedIn',
      summary: 'Choose which kinds of notice also come by mail; the in-app notifications stay',
      body: mailPreferencesSchema,
      answer: { 200: mailPreferencesSchema },
    },
    async (request) =>
      notifications.saveMailPreferences(requireSession(request).user.id, request.body),
  );
});
