import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  budgetSchema,
  updateBudgetSchema,
  usageQuerySchema,
  usageReportSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/**
 * The report as JSON, or the same rows as CSV. The endpoint's type is the JSON report, which is
 * what the web app requests; the CSV is a link's href, so its answer type does not name it.
 */
const reportOrCsv = z.union([
  usageReportSchema,
  z.string(),
]) as z.ZodType as typeof usageReportSchema;

/** Usage and the budget of the caller's organization. */
export const usageRoutes = routePlugin({ tag: 'billing' }, async (app, route) => {
  const { usage } = app.services;
  const session = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user;

  route(
    endpoints.usage.report,
    {
      access: 'member',
      summary:
        'Metered usage between two days (UTC, both included), by day, cluster or metric; format=csv answers text/csv',
      query: usageQuerySchema,
      answer: { 200: reportOrCsv },
      refuses: [404],
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await usage.usage(session(request).organizationId, query);
      if (format === 'json') return report;
      const name = `usage-${query.from}-to-${query.to}-by-${query.groupBy}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(
          // the CSV form of reportOrCsv
          (await usage.usageCsv(session(request).organizationId, report, {
            clusterId: query.clusterId,
            tag: query.tag,
          })) as never,
        );
    },
  );

  route(
    endpoints.billing.budget,
    {
      access: 'member',
      summary: "The organization's monthly budget, its thresholds and this month's alerts",
      answer: { 200: budgetSchema },
    },
    async (request) => usage.budget(session(request).organizationId),
  );

  route(
    endpoints.billing.updateBudget,
    {
      access: 'orgAdmin',
      summary:
        'Sets the monthly budget and the percentages that alert the admins; amount null removes it (audited)',
      body: updateBudgetSchema,
      answer: { 200: budgetSchema },
    },
    async (request) => usage.updateBudget(session(request), clientInfo(request), request.body),
  );
});
