import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  errorSchema,
  idParamsSchema,
  notificationCountSchema,
  notificationSchema,
} from '@alpenkube/contract';
import { requireSession } from '../sessions/index.ts';

const errors = { 401: errorSchema, 404: errorSchema };

/** A user's own notifications; another user's id answers 404 and changes nothing. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = app.services.notifications;

  app.get(
    endpoints.notifications.list.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Newest first, without trashed ones',
        response: { 200: z.array(notificationSchema), 401: errorSchema },
      },
    },
    async (request) => notifications.list(requireSession(request).user.id),
  );

  app.get(
    endpoints.notifications.count.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Unread count',
        response: { 200: notificationCountSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      count: await notifications.unreadCount(requireSession(request).user.id),
    }),
  );

  app.put(
    endpoints.notifications.markRead.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one read',
        params: idParamsSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => notifications.markRead(requireSession(request).user.id, request.params.id),
  );

  app.post(
    endpoints.notifications.markAllRead.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all read',
        response: { 200: z.object({ updated: z.number().int() }), 401: errorSchema },
      },
    },
    async (request) => ({
      updated: await notifications.markAllRead(requireSession(request).user.id),
    }),
  );

  app.put(
    endpoints.notifications.trash.pattern,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Move one to the trash',
        params: idParamsSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => notifications.trash(requireSession(request).user.id, request.params.id),
  );
};
