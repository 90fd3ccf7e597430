import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  createClusterOrderSchema,
  errorSchema,
  idParamsSchema,
  orderListQuerySchema,
  orderSchema,
  orderSummarySchema,
  payOrderSchema,
  payResultSchema,
  type Order,
  idempotencyKeyHeadersSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * An organization's orders. Members read them; placing, paying and cancelling need an active
 * organization and a verified address (`orderer`). Another organization's order is a 404.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, orderPayments, clusters } = app.services;

  app.get(
    endpoints.orders.list.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['orders'],
        summary: `The organization's orders by kind and status, newest first, a page at a time`,
        querystring: orderListQuerySchema,
        response: { 200: z.array(orderSummarySchema), ...refusals },
      },
    },
    async (request) => orders.list(requireSession(request).user.organizationId, request.query),
  );

  app.post(
    endpoints.orders.create.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['orders'],
        summary:
          'Places an order waiting for payment, priced by the server; needs an Idempotency-Key header',
        headers: idempotencyKeyHeadersSchema,
        body: createClusterOrderSchema,
        response: { 201: orderSchema, 402: errorSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      return sendPlacedOrder(
        reply,
        await clusters.placeOrder(
          requireSession(request).user,
          request.body,
          key,
          clientInfo(request),
        ),
      );
    },
  );

  app.get(
    endpoints.orders.get.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['orders'],
        summary: 'One order: lines, totals, payment and the timeline of its statuses',
        params: idParamsSchema,
        response: { 200: orderSchema, ...refusals },
      },
    },
    async (request) => orders.get(requireSession(request).user.organizationId, request.params.id),
  );

  app.post(
    endpoints.orders.cancel.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['orders'],
        summary: 'Cancels an order waiting for payment',
        params: idParamsSchema,
        response: { 200: orderSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) =>
      orderPayments.cancel(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  app.post(
    endpoints.orders.pay.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['orders'],
        summary:
          'Pays an order: credit first, then the card; paid, requires_action (challenge) or 402',
        params: idParamsSchema,
        body: payOrderSchema,
        response: { 200: payResultSchema, 402: errorSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) =>
      orderPayments.pay(
        requireSession(request).user,
        request.params.id,
        request.body,
        clientInfo(request),
      ),
  );
};

/**
 * The answer of every route that places an order under an Idempotency-Key (clusters, add-ons,
 * products): 201 with the order, marked when the key had placed it before.
 */
export function sendPlacedOrder(
  reply: FastifyReply,
  { order, replayed }: { order: Order; replayed: boolean },
) {
  if (replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.code(201).send(order);
}
