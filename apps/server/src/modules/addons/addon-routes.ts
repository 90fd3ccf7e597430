import { endpoints } from '@alpenkube/contract/endpoints';
import {
  clusterAddonParamsSchema,
  clusterAddonsSchema,
  clusterSchema,
  createAddonOrderSchema,
  idParamsSchema,
  orderSchema,
  idempotencyKeyHeadersSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { sendPlacedOrder } from '../orders/index.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/**
 * Add-ons on the organization's clusters: members see what each costs on a cluster; ordering one
 * and removing one need `orderer`. Another organization's cluster is a 404.
 */
export const addonRoutes = routePlugin({ tag: 'add-ons' }, (app, route) => {
  const { addons } = app.services;

  route(
    endpoints.addons.order,
    {
      access: 'orderer',
      summary:
        'Orders an add-on for a cluster, priced for the rest of its period; needs an Idempotency-Key header',
      headers: idempotencyKeyHeadersSchema,
      body: createAddonOrderSchema,
      answer: { 201: orderSchema },
      refuses: [402, 404, 409],
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      return sendPlacedOrder(
        reply,
        await addons.order(requireSession(request).user, request.body, key, clientInfo(request)),
      );
    },
  );

  route(
    endpoints.addons.forCluster,
    {
      access: 'member',
      summary:
        'Every add-on on one cluster: installed or not, why it cannot be ordered, its prorated price and removal credit',
      params: idParamsSchema,
      answer: { 200: clusterAddonsSchema },
      refuses: [404],
    },
    async (request) =>
      addons.forCluster(requireSession(request).user.organizationId, request.params.id),
  );

  route(
    endpoints.addons.remove,
    {
      access: 'orderer',
      summary: 'Removes an installed add-on; the unused prepaid part is credited when it is done',
      params: clusterAddonParamsSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      addons.remove(
        requireSession(request).user,
        clientInfo(request),
        request.params.id,
        request.params.slug,
      ),
  );
});
