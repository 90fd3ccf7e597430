import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  changeProductPlanSchema,
  createProductOrderSchema,
  errorSchema,
  idParamsSchema,
  marketplaceProductSchema,
  orderSchema,
  productDetailSchema,
  productInstanceSchema,
  productListQuerySchema,
  productPlanChangeSchema,
  productSecretSchema,
  revealProductSecretSchema,
  idempotencyKeyHeadersSchema,
} from '@alpenkube/contract';
import { sendPlacedOrder } from '../orders/index.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The marketplace. The catalog is public; an organization's products are read by its members
 * and ordered, changed, cancelled and revealed by those who may order (`orderer`). Another
 * organization's product is a 404.
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products } = app.services;
  const user = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user;

  app.get(
    endpoints.products.catalog.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['products'],
        summary: 'The marketplace: products with their plans, prices (USD cents) and regions',
        response: { 200: z.array(marketplaceProductSchema) },
      },
    },
    async () => products.catalog(),
  );

  app.get(
    endpoints.products.list.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['products'],
        summary: "The organization's products, newest first, a page at a time",
        querystring: productListQuerySchema,
        response: { 200: z.array(productInstanceSchema), ...refusals },
      },
    },
    async (request) => products.list(user(request).organizationId, request.query),
  );

  app.post(
    endpoints.products.create.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['products'],
        summary:
          'Orders a product: answers the order of kind product to pay; needs an Idempotency-Key',
        headers: idempotencyKeyHeadersSchema,
        body: createProductOrderSchema,
        response: { 201: orderSchema, 402: errorSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      return sendPlacedOrder(
        reply,
        await products.order(user(request), request.body, key, clientInfo(request)),
      );
    },
  );

  app.get(
    endpoints.products.get.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['products'],
        summary: 'One product: state, plan, connection details, period, usage',
        params: idParamsSchema,
        response: { 200: productDetailSchema, ...refusals },
      },
    },
    async (request) => products.get(user(request).organizationId, request.params.id),
  );

  app.post(
    endpoints.products.revealSecret.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['products'],
        summary: 'The secret: once without a password, afterwards with the password (403 if wrong)',
        params: idParamsSchema,
        body: revealProductSecretSchema,
        response: { 200: productSecretSchema, 409: errorSchema, 429: errorSchema, ...refusals },
      },
    },
    async (request) =>
      products.revealSecret(
        user(request),
        request.params.id,
        request.body.password,
        clientInfo(request),
      ),
  );

  app.post(
    endpoints.products.rotateSecret.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['products'],
        summary: 'Issues a new secret (shown once again); the old one stops working',
        params: idParamsSchema,
        response: { 200: productDetailSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) => products.rotateSecret(user(request), request.params.id, clientInfo(request)),
  );

  app.post(
    endpoints.products.changePlan.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['products'],
        summary:
          'Changes the plan: an upgrade answers an order for the prorated difference, a downgrade runs and credits it',
        params: idParamsSchema,
        body: changeProductPlanSchema,
        response: { 200: productPlanChangeSchema, 402: errorSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) =>
      products.changePlan(user(request), request.params.id, request.body.plan, clientInfo(request)),
  );

  app.post(
    endpoints.products.cancel.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['products'],
        summary: 'Cancels an active product; the unused prepaid part is credited once it is gone',
        params: idParamsSchema,
        response: { 200: productDetailSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) => products.cancel(user(request), request.params.id, clientInfo(request)),
  );
};
