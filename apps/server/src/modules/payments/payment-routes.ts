import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  addPaymentMethodSchema,
  errorSchema,
  idParamsSchema,
  paymentGatewayInfoSchema,
  paymentMethodSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

const readErrors = { 401: errorSchema, 403: errorSchema };
const changeErrors = { 400: errorSchema, ...readErrors, 404: errorSchema };

/**
 * The organization's payment methods. Members read them; only those who may order
 * change them. Card numbers never come here: the browser sends them to the gateway's own
 * tokenizing endpoint and this API receives the token.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { paymentMethods } = app.services;
  const actorOf = (request: Parameters<typeof requireSession>[0]) => {
    const { user } = requireSession(request);
    return { id: user.id, organizationId: user.organizationId };
  };

  app.get(
    endpoints.billing.gateway.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary: 'The payment gateway: where the browser sends card details, and its test cards',
        response: { 200: paymentGatewayInfoSchema, ...readErrors },
      },
    },
    async () => paymentMethods.gatewayInfo(),
  );

  app.get(
    endpoints.billing.paymentMethods.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary: "The organization's saved cards: the default first, then the newest",
        response: { 200: z.array(paymentMethodSchema), ...readErrors },
      },
    },
    async (request) => paymentMethods.list(actorOf(request).organizationId),
  );

  app.post(
    endpoints.billing.addPaymentMethod.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['billing'],
        summary:
          "Save a card from the gateway's token (201); the same card again answers the saved one (200); the first card becomes the default",
        body: addPaymentMethodSchema,
        response: {
          200: paymentMethodSchema,
          201: paymentMethodSchema,
          ...changeErrors,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { method, created } = await paymentMethods.add(
        actorOf(request),
        request.body,
        clientInfo(request),
      );
      return reply.code(created ? 201 : 200).send(method);
    },
  );

  app.delete(
    endpoints.billing.removePaymentMethod.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['billing'],
        summary: 'Remove a card; the newest one left becomes the default if it was',
        params: idParamsSchema,
        response: { 204: z.null(), ...changeErrors },
      },
    },
    async (request, reply) => {
      await paymentMethods.remove(actorOf(request), request.params.id, clientInfo(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    endpoints.billing.setDefaultPaymentMethod.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['billing'],
        summary: 'Make a card the default one',
        params: idParamsSchema,
        response: { 200: paymentMethodSchema, ...changeErrors },
      },
    },
    async (request) =>
      paymentMethods.setDefault(actorOf(request), request.params.id, clientInfo(request)),
  );
};
