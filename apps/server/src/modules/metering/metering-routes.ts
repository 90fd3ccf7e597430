import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  billingSummarySchema,
  budgetSchema,
  errorSchema,
  updateBudgetSchema,
  usageQuerySchema,
  usageReportSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

const reads = { 401: errorSchema, 403: errorSchema };

/** Usage, the billing summary and the budget of the caller's organization. */
export const meteringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { metering } = app.services;
  const session = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user;

  app.get(
    endpoints.usage.report.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary:
          'Metered usage between two days (UTC, both included), by day, cluster or metric; format=csv answers text/csv',
        querystring: usageQuerySchema,
        // The report as JSON, or the same rows as CSV.
        response: {
          200: z.union([usageReportSchema, z.string()]),
          400: errorSchema,
          ...reads,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await metering.usage(session(request).organizationId, query);
      if (format === 'json') return report;
      const name = `usage-${query.from}-to-${query.to}-by-${query.groupBy}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(metering.usageCsv(report));
    },
  );

  app.get(
    endpoints.billing.summary.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary:
          'Credit balance, month to date, forecast, run rate, next renewal, open invoices, budget and overdue renewals',
        response: { 200: billingSummarySchema, ...reads },
      },
    },
    async (request) => metering.summary(session(request).organizationId),
  );

  app.get(
    endpoints.billing.budget.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary: "The organization's monthly budget, its thresholds and this month's alerts",
        response: { 200: budgetSchema, ...reads },
      },
    },
    async (request) => metering.budget(session(request).organizationId),
  );

  app.put(
    endpoints.billing.updateBudget.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags: ['billing'],
        summary:
          'Sets the monthly budget and the percentages that alert the admins; amount null removes it (audited)',
        body: updateBudgetSchema,
        response: { 200: budgetSchema, 400: errorSchema, ...reads },
      },
    },
    async (request) => metering.updateBudget(session(request), clientInfo(request), request.body),
  );
};
