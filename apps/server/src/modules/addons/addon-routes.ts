import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  clusterAddonParamsSchema,
  clusterAddonsSchema,
  clusterSchema,
  createAddonOrderSchema,
  errorSchema,
  idParamsSchema,
  orderSchema,
  idempotencyKeyHeadersSchema,
} from '@alpenkube/contract';
import { sendPlacedOrder } from '../orders/index.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Add-ons on the organization's clusters: members see what each costs on a cluster; ordering one
 * and removing one need `orderer`. Another organization's cluster is a 404.
 */
export const addonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { addons } = app.services;

  app.post(
    endpoints.addons.order.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['add-ons'],
        summary:
          'Orders an add-on for a cluster, priced for the rest of its period; needs an Idempotency-Key header',
        headers: idempotencyKeyHeadersSchema,
        body: createAddonOrderSchema,
        response: { 201: orderSchema, 402: errorSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      return sendPlacedOrder(
        reply,
        await addons.order(requireSession(request).user, request.body, key, clientInfo(request)),
      );
    },
  );

  app.get(
    endpoints.addons.forCluster.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['add-ons'],
        summary:
          'Every add-on on one cluster: installed or not, why it cannot be ordered, its prorated price and removal credit',
        params: idParamsSchema,
        response: { 200: clusterAddonsSchema, ...refusals },
      },
    },
    async (request) =>
      addons.forCluster(requireSession(request).user.organizationId, request.params.id),
  );

  app.delete(
    endpoints.addons.remove.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['add-ons'],
        summary: 'Removes an installed add-on; the unused prepaid part is credited when it is done',
        params: clusterAddonParamsSchema,
        response: { 200: clusterSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) =>
      addons.remove(
        requireSession(request).user,
        clientInfo(request),
        request.params.id,
        request.params.slug,
      ),
  );
};
