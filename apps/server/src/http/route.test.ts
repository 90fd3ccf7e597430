import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  changePasswordSchema,
  idParamsSchema,
  notificationSchema,
  renameClusterSchema,
  updateProfileSchema,
  userSchema,
} from '@alpenkube/contract';
import { routePlugin } from './route.ts';

async function appWith(plugin: ReturnType<typeof routePlugin>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  await app.register(plugin);
  await app.ready();
  return { app, routes };
}

describe('route', () => {
  it("takes the method and path from the endpoint, the tag from the plugin, and adds the refusals' `{ message }`", async () => {
    const { routes } = await appWith(
      routePlugin({ tag: 'notifications' }, (_app, route) => {
        route(
          endpoints.notifications.markRead,
          {
            access: 'signedIn',
            summary: 'Marks one read',
            params: idParamsSchema,
            answer: { 200: notificationSchema },
            refuses: [404],
          },
          async () => {
            throw new Error('not called');
          },
        );
      }),
    );
    expect(routes).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/notifications/:id/read',
        config: { access: 'signedIn' },
        schema: expect.objectContaining({
          tags: ['notifications'],
          summary: 'Marks one read',
          params: idParamsSchema,
          response: { 200: notificationSchema, 404: expect.anything() },
        }),
      }),
    ]);
  });

  it("fails the type check where the body's, the answer's, the params' or the query's schema differs from the endpoint", () => {
    routePlugin({}, (_app, route) => {
      route(
        endpoints.account.updateProfile,
        // @ts-expect-error the body is the endpoint's updateProfileSchema, not renameClusterSchema
        { access: 'signedIn', summary: '', body: renameClusterSchema, answer: { 200: userSchema } },
        async () => undefined,
      );
      route(
        endpoints.account.updateProfile,
        // @ts-expect-error the answer is a user, not a notification
        {
          access: 'signedIn',
          summary: '',
          body: updateProfileSchema,
          answer: { 200: notificationSchema },
        },
        async () => undefined,
      );
      route(
        endpoints.account.updateProfile,
        { access: 'signedIn', summary: '', body: updateProfileSchema, answer: { 200: userSchema } },
        // @ts-expect-error the handler answers what the answer's schema says
        async () => ({ name: 42 }),
      );
      route(
        endpoints.account.changePassword,
        // @ts-expect-error an endpoint without content answers 204, not a body
        {
          access: 'signedIn',
          summary: '',
          body: changePasswordSchema,
          answer: { 200: userSchema },
        },
        async () => undefined,
      );
      route(
        endpoints.notifications.markRead,
        // @ts-expect-error the pattern's :id is read by a params schema
        { access: 'signedIn', summary: '', answer: { 200: notificationSchema } },
        async () => undefined,
      );
      route(
        endpoints.notifications.list,
        // @ts-expect-error a path without parameters has no params schema
        { access: 'signedIn', summary: '', params: idParamsSchema, answer: {} },
        async () => undefined,
      );
      route(
        endpoints.publicForms.demoSlots,
        // @ts-expect-error the query's field is `date`, not `day`
        {
          access: 'anyone',
          summary: '',
          query: z.strictObject({ day: z.string() }),
          answer: {},
        },
        async () => undefined,
      );
      route(
        endpoints.publicForms.demoSlots,
        { access: 'anyone', summary: '', query: z.strictObject({ date: z.string() }), answer: {} },
        async () => undefined,
      );
    });
  });
});
