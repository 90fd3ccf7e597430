import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { activityFilterSchema, activityPageSchema, activityQuerySchema } from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { requireSession } from '../sessions/index.ts';

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** An organization's activity log: its admins read their own organization's audit trail. */
export const activityRoutes = routePlugin({ tag: 'people' }, async (app, route) => {
  const { organizationActivity } = app.services;
  const routes = endpoints.activity;

  route(
    routes.events,
    {
      access: 'orgAdmin',
      summary:
        'The organization’s activity log, newest first: who changed which cluster, order, token or member, when and from where (platform staff unnamed); filtered by member, action (or a prefix such as `cluster.`), outcome and time; a page of `limit` before the id `before`',
      query: activityQuerySchema,
      answer: { 200: activityPageSchema },
      refuses: [404],
    },
    async (request) => organizationActivity.page(requireSession(request).user, request.query),
  );

  route(
    routes.eventsCsv,
    {
      access: 'orgAdmin',
      summary: 'The same filter as CSV (text/csv, newest first, at most 100,000 rows)',
      query: activityFilterSchema,
      answer: { 200: z.any().describe('text/csv') },
      refuses: [404],
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${stamp()}.csv"`)
        .send(organizationActivity.csv(requireSession(request).user, request.query)),
  );
});
