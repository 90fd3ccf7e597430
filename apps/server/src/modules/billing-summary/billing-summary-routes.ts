import { endpoints } from '@alpenkube/contract/endpoints';
import { billingSummarySchema } from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { requireSession } from '../sessions/index.ts';

/** The billing summary of the caller's organization, which the app shell reads on every page. */
export const billingSummaryRoutes = routePlugin({ tag: 'billing' }, async (app, route) => {
  route(
    endpoints.billing.summary,
    {
      access: 'member',
      summary:
        'Credit balance, month to date, forecast, run rate, next renewal, open invoices, budget and overdue renewals',
      answer: { 200: billingSummarySchema },
    },
    async (request) =>
      app.services.billingSummary.summary(requireSession(request).user.organizationId),
  );
});
