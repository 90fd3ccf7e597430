import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  changeProductPlanSchema,
  createProductOrderSchema,
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
import { queryKey } from '../../http/organization-answers.ts';
import { passPrewrittenJson } from '../../http/prewritten-json.ts';
import { routePlugin } from '../../http/route.ts';
import { sendPlacedOrder } from '../orders/index.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

const productListSchema = z.array(productInstanceSchema);

/**
 * The marketplace. The catalog is public; an organization's products are read by its members
 * and ordered, changed, cancelled and revealed by those who may order (`orderer`). Another
 * organization's product is a 404.
 */
export const productRoutes = routePlugin({ tag: 'products' }, async (app, route) => {
  const { products, catalog, organizationAnswers } = app.services;
  const user = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user;

  route(
    endpoints.products.catalog,
    {
      access: 'anyone',
      summary: 'The marketplace: products with their plans, prices (USD cents) and regions',
      answer: { 200: z.array(marketplaceProductSchema) },
    },
    async () => products.catalog(),
  );

  route(
    endpoints.products.list,
    {
      access: 'member',
      summary: "The organization's products, newest first, a page at a time",
      query: productListQuerySchema,
      answer: { 200: productListSchema },
      refuses: [404],
      // Kept written per organization and query until a product of it changes.
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => {
      const { organizationId } = user(request);
      // An instance names its product's plan and prices: a new catalog is a new page.
      const { etag } = await catalog.catalog();
      return organizationAnswers.answer(
        request,
        reply,
        organizationId,
        queryKey(`products ${etag}`, request.query),
        productListSchema,
        () => products.list(organizationId, request.query),
      );
    },
  );

  route(
    endpoints.products.create,
    {
      access: 'orderer',
      summary:
        'Orders a product: answers the order of kind product to pay; needs an Idempotency-Key',
      headers: idempotencyKeyHeadersSchema,
      body: createProductOrderSchema,
      answer: { 201: orderSchema },
      refuses: [402, 404, 409],
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      return sendPlacedOrder(
        reply,
        await products.order(user(request), request.body, key, clientInfo(request)),
      );
    },
  );

  route(
    endpoints.products.get,
    {
      access: 'member',
      summary: 'One product: state, plan, connection details, period, usage',
      params: idParamsSchema,
      answer: { 200: productDetailSchema },
      refuses: [404],
    },
    async (request) => products.get(user(request).organizationId, request.params.id),
  );

  route(
    endpoints.products.revealSecret,
    {
      access: 'orderer',
      summary: 'The secret: once without a password, afterwards with the password (403 if wrong)',
      params: idParamsSchema,
      body: revealProductSecretSchema,
      answer: { 200: productSecretSchema },
      refuses: [404, 409, 429],
    },
    async (request) =>
      products.revealSecret(
        user(request),
        request.params.id,
        request.body.password,
        clientInfo(request),
      ),
  );

  route(
    endpoints.products.rotateSecret,
    {
      access: 'orderer',
      summary: 'Issues a new secret (shown once again); the old one stops working',
      params: idParamsSchema,
      answer: { 200: productDetailSchema },
      refuses: [404, 409],
    },
    async (request) => products.rotateSecret(user(request), request.params.id, clientInfo(request)),
  );

  route(
    endpoints.products.changePlan,
    {
      access: 'orderer',
      summary:
        'Changes the plan: an upgrade answers an order for the prorated difference, a downgrade runs and credits it',
      params: idParamsSchema,
      body: changeProductPlanSchema,
      answer: { 200: productPlanChangeSchema },
      refuses: [402, 404, 409],
    },
    async (request) =>
      products.changePlan(user(request), request.params.id, request.body.plan, clientInfo(request)),
  );

  route(
    endpoints.products.cancel,
    {
      access: 'orderer',
      summary: 'Cancels an active product; the unused prepaid part is credited once it is gone',
      params: idParamsSchema,
      answer: { 200: productDetailSchema },
      refuses: [404, 409],
    },
    async (request) => products.cancel(user(request), request.params.id, clientInfo(request)),
  );
});
