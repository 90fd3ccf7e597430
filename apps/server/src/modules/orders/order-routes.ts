import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  createClusterOrderSchema,
  idParamsSchema,
  orderListQuerySchema,
  orderSchema,
  orderSummarySchema,
  payOrderSchema,
  payResultSchema,
  promoStandingSchema,
  type Order,
  idempotencyKeyHeadersSchema,
} from '@alpenkube/contract';
import { queryKey } from '../../http/organization-answers.ts';
import { passPrewrittenJson } from '../../http/prewritten-json.ts';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

const orderListSchema = z.array(orderSummarySchema);

/**
 * An organization's orders. Members read them; placing, paying and cancelling need an active
 * organization and a verified address (`orderer`). Another organization's order is a 404.
 */
export const orderRoutes = routePlugin({ tag: 'orders' }, async (app, route) => {
  const { orders, orderPayments, clusters, organizationAnswers } = app.services;

  route(
    endpoints.orders.list,
    {
      access: 'member',
      summary: `The organization's orders by kind and status, newest first, a page at a time`,
      query: orderListQuerySchema,
      answer: { 200: orderListSchema },
      refuses: [404],
      // Kept written per organization and query until an order of it changes.
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => {
      const { organizationId } = requireSession(request).user;
      return organizationAnswers.answer(
        request,
        reply,
        organizationId,
        queryKey('orders', request.query),
        orderListSchema,
        () => orders.list(organizationId, request.query),
      );
    },
  );

  route(
    endpoints.orders.create,
    {
      access: 'orderer',
      summary:
        'Places an order waiting for payment, priced by the server; needs an Idempotency-Key header',
      headers: idempotencyKeyHeadersSchema,
      body: createClusterOrderSchema,
      answer: { 201: orderSchema },
      refuses: [402, 404, 409],
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

  route(
    endpoints.orders.promo,
    {
      access: 'member',
      summary: "Whether the promo code is still the organization's: no order of it was paid yet",
      answer: { 200: promoStandingSchema },
    },
    async (request) => orders.promo(requireSession(request).user.organizationId),
  );

  route(
    endpoints.orders.get,
    {
      access: 'member',
      summary: 'One order: lines, totals, payment and the timeline of its statuses',
      params: idParamsSchema,
      answer: { 200: orderSchema },
      refuses: [404],
    },
    async (request) => orders.get(requireSession(request).user.organizationId, request.params.id),
  );

  route(
    endpoints.orders.cancel,
    {
      access: 'orderer',
      summary: 'Cancels an order waiting for payment',
      params: idParamsSchema,
      answer: { 200: orderSchema },
      refuses: [404, 409],
    },
    async (request) =>
      orderPayments.cancel(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  route(
    endpoints.orders.pay,
    {
      access: 'orderer',
      summary:
        'Pays an order: credit first, then the card; paid, requires_action (challenge) or 402',
      params: idParamsSchema,
      body: payOrderSchema,
      answer: { 200: payResultSchema },
      refuses: [402, 404, 409],
    },
    async (request) =>
      orderPayments.pay(
        requireSession(request).user,
        request.params.id,
        request.body,
        clientInfo(request),
      ),
  );
});

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
