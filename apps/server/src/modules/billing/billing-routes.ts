import { endpoints } from '@alpenkube/contract/endpoints';
import {
  billingDetailsSchema,
  billingPlansSchema,
  billingSummarySchema,
  changePlanSchema,
  idParamsSchema,
  idempotencyKeyHeadersSchema,
  orderSchema,
  updateBillingDetailsSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/** The support plan, billing details and paying an overdue renewal now. */
export const billingRoutes = routePlugin({ tag: 'billing' }, async (app, route) => {
  const { billing, orders } = app.services;

  route(
    endpoints.billing.plans,
    {
      access: 'member',
      summary:
        "The support plans, the organization's current one, its billing cycle and when it renews",
      answer: { 200: billingPlansSchema },
    },
    async (request) => billing.plans(requireSession(request).user.organizationId),
  );

  route(
    endpoints.billing.changePlan,
    {
      access: 'orderer',
      summary:
        'Changes the support plan: answers an order of kind support to pay like any order (the free plan applies at once, its order completed); needs an Idempotency-Key header',
      headers: idempotencyKeyHeadersSchema,
      body: changePlanSchema,
      answer: { 200: orderSchema },
      refuses: [402, 409],
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const key = request.headers['idempotency-key'];
      const placed = await billing.changePlan(user, request.body, key, clientInfo(request));
      if (placed.replayed) reply.header('Idempotent-Replayed', 'true');
      return orders.get(user.organizationId, placed.orderId);
    },
  );

  route(
    endpoints.billing.details,
    {
      access: 'member',
      summary: "Who the organization's invoices are made out to, and the VAT they apply",
      answer: { 200: billingDetailsSchema },
    },
    async (request) => billing.details(requireSession(request).user.organizationId),
  );

  route(
    endpoints.billing.updateDetails,
    {
      // What the invoices say and where they go, and the VAT they charge: the organization's
      // admins decide it (a token acts only as far as its owner may).
      access: 'verifiedAdmin',
      summary:
        "Sets the organization's billing details (legal name, address, country, VAT number, e-mail), audited and told to the admins; a new VAT number is checked with the EU's VIES registry before the reverse charge applies",
      body: updateBillingDetailsSchema,
      answer: { 200: billingDetailsSchema },
      refuses: [429],
    },
    async (request) =>
      billing.updateDetails(requireSession(request).user, request.body, clientInfo(request)),
  );

  route(
    endpoints.billing.payRenewal,
    {
      access: 'orderer',
      summary:
        'Charges an unpaid renewal now (credit first, then the default card); paying the last overdue one lifts the ordering suspension. Answers the billing summary',
      params: idParamsSchema,
      answer: { 200: billingSummarySchema },
      refuses: [402, 404, 409],
    },
    async (request) => {
      const { user } = requireSession(request);
      await billing.payRenewal(user, request.params.id, clientInfo(request));
      return app.services.billingSummary.summary(user.organizationId);
    },
  );
});
