import { endpoints } from '@alpenkube/contract/endpoints';
import { z } from 'zod';
import {
  addPaymentMethodSchema,
  idParamsSchema,
  paymentGatewayInfoSchema,
  paymentMethodSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/**
 * The organization's payment methods. Members read them; only those who may order
 * change them. Card numbers never come here: the browser sends them to the gateway's own
 * tokenizing endpoint and this API receives the token.
 */
export const paymentRoutes = routePlugin({ tag: 'billing' }, async (app, route) => {
  const { paymentMethods } = app.services;
  const actorOf = (request: Parameters<typeof requireSession>[0]) => {
    const { user } = requireSession(request);
    return { id: user.id, organizationId: user.organizationId };
  };

  route(
    endpoints.billing.gateway,
    {
      access: 'member',
      summary: 'The payment gateway: where the browser sends card details, and its test cards',
      answer: { 200: paymentGatewayInfoSchema },
    },
    async () => paymentMethods.gatewayInfo(),
  );

  route(
    endpoints.billing.paymentMethods,
    {
      access: 'member',
      summary: "The organization's saved cards: the default first, then the newest",
      answer: { 200: z.array(paymentMethodSchema) },
    },
    async (request) => paymentMethods.list(actorOf(request).organizationId),
  );

  route(
    endpoints.billing.addPaymentMethod,
    {
      access: 'orderer',
      summary:
        "Save a card from the gateway's token (201); the same card again answers the saved one (200); the first card becomes the default",
      body: addPaymentMethodSchema,
      answer: { 200: paymentMethodSchema, 201: paymentMethodSchema },
      refuses: [404, 409],
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

  route(
    endpoints.billing.removePaymentMethod,
    {
      access: 'orderer',
      summary: 'Remove a card; the newest one left becomes the default if it was',
      params: idParamsSchema,
      answer: { 204: z.null() },
      refuses: [404],
    },
    async (request, reply) => {
      await paymentMethods.remove(actorOf(request), request.params.id, clientInfo(request));
      return reply.code(204).send(null);
    },
  );

  route(
    endpoints.billing.setDefaultPaymentMethod,
    {
      access: 'orderer',
      summary: 'Make a card the default one',
      params: idParamsSchema,
      answer: { 200: paymentMethodSchema },
      refuses: [404],
    },
    async (request) =>
      paymentMethods.setDefault(actorOf(request), request.params.id, clientInfo(request)),
  );
});
