import { endpoints } from '@alpenkube/contract/endpoints';
import {
  clusterHaQuoteSchema,
  createHaOrderSchema,
  idParamsSchema,
  idempotencyKeyHeadersSchema,
  orderSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { sendPlacedOrder } from '../orders/index.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/**
 * A cluster's control plane made highly available: members see what it costs; ordering it needs
 * `orderer`, as every paid change does. Another organization's cluster is a 404.
 */
export const haRoutes = routePlugin({ tag: 'clusters' }, (app, route) => {
  const { highAvailability } = app.services;

  route(
    endpoints.highAvailability.quote,
    {
      access: 'member',
      summary:
        "What making a cluster's control plane highly available costs for the rest of its period, or why it cannot be",
      params: idParamsSchema,
      answer: { 200: clusterHaQuoteSchema },
      refuses: [404],
    },
    async (request) =>
      highAvailability.quote(requireSession(request).user.organizationId, request.params.id),
  );

  route(
    endpoints.highAvailability.order,
    {
      access: 'orderer',
      summary:
        "Orders a single-zone control plane made highly available (one way), priced for the rest of the cluster's period; needs an Idempotency-Key header",
      params: idParamsSchema,
      headers: idempotencyKeyHeadersSchema,
      body: createHaOrderSchema,
      answer: { 201: orderSchema },
      refuses: [402, 404, 409],
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      return sendPlacedOrder(
        reply,
        await highAvailability.order(
          requireSession(request).user,
          request.params.id,
          request.body,
          key,
          clientInfo(request),
        ),
      );
    },
  );
});
