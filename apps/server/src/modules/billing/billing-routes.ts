import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  billingDetailsSchema,
  billingPlansSchema,
  billingSummarySchema,
  changePlanSchema,
  errorSchema,
  idParamsSchema,
  idempotencyKeyHeadersSchema,
  orderSchema,
  updateBillingDetailsSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

const refusals = { 401: errorSchema, 403: errorSchema };

/** The support plan, billing details and paying an overdue renewal now. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing, orders } = app.services;

  app.get(
    endpoints.billing.plans.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary:
          "The support plans, the organization's current one, its billing cycle and when it renews",
        response: { 200: billingPlansSchema, ...refusals },
      },
    },
    async (request) => billing.plans(requireSession(request).user.organizationId),
  );

  app.put(
    endpoints.billing.changePlan.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['billing'],
        summary:
          'Changes the support plan: answers an order of kind support to pay like any order (the free plan applies at once, its order completed); needs an Idempotency-Key header',
        headers: idempotencyKeyHeadersSchema,
        body: changePlanSchema,
        response: {
          200: orderSchema,
          400: errorSchema,
          402: errorSchema,
          409: errorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const key = request.headers['idempotency-key'];
      const placed = await billing.changePlan(user, request.body, key, clientInfo(request));
      if (placed.replayed) reply.header('Idempotent-Replayed', 'true');
      return orders.get(user.organizationId, placed.orderId);
    },
  );

  app.get(
    endpoints.billing.details.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary: "Who the organization's invoices are made out to, and the VAT they apply",
        response: { 200: billingDetailsSchema, ...refusals },
      },
    },
    async (request) => billing.details(requireSession(request).user.organizationId),
  );

  app.put(
    endpoints.billing.updateDetails.pattern,
    {
      // What the invoices say and where they go, and the VAT they charge: the organization's
      // admins decide it (a token acts only as far as its owner may).
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['billing'],
        summary:
          "Sets the organization's billing details (legal name, address, country, VAT number, e-mail), audited and told to the admins; a new VAT number is checked with the EU's VIES registry before the reverse charge applies",
        body: updateBillingDetailsSchema,
        response: { 200: billingDetailsSchema, 400: errorSchema, 429: errorSchema, ...refusals },
      },
    },
    async (request) =>
      billing.updateDetails(requireSession(request).user, request.body, clientInfo(request)),
  );

  app.post(
    endpoints.billing.payRenewal.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['billing'],
        summary:
          'Charges an unpaid renewal now (credit first, then the default card); paying the last overdue one lifts the ordering suspension. Answers the billing summary',
        params: idParamsSchema,
        response: {
          200: billingSummarySchema,
          402: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...refusals,
        },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      await billing.payRenewal(user, request.params.id, clientInfo(request));
      return app.services.metering.summary(user.organizationId);
    },
  );
};
