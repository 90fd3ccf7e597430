import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  auditFilterSchema,
  auditPageSchema,
  auditQuerySchema,
  dataExportSchema,
  dataSubjectRequestSchema,
  erasureSchema,
  personSchema,
  personSearchSchema,
  residencyReportSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/**
 * The compliance officers' panel: the audit trail of every organization, data-subject requests
 * and the data-residency report. Every route needs `officer` access.
 */
export const officerRoutes = routePlugin({ tag: 'officers' }, async (app, route) => {
  const { officers } = app.services;
  const routes = endpoints.officers;

  route(
    routes.auditEvents,
    {
      access: 'officer',
      summary:
        'The audit trail, newest first, filtered by actor, organization, action (or a prefix such as `auth.`), outcome and time; a page of `limit` before the id `before`',
      query: auditQuerySchema,
      answer: { 200: auditPageSchema },
    },
    async (request) => officers.auditPage(request.query),
  );

  route(
    routes.auditEventsCsv,
    {
      access: 'officer',
      summary: 'The same filter as CSV (text/csv, newest first, at most 100,000 rows)',
      query: auditFilterSchema,
      answer: { 200: z.any().describe('text/csv') },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${stamp()}.csv"`)
        .send(officers.auditCsv(request.query)),
  );

  route(
    routes.people,
    {
      access: 'officer',
      summary: 'People whose username, e-mail or name contains the text (at most 20)',
      query: personSearchSchema,
      answer: { 200: z.array(personSchema) },
    },
    async (request) => officers.searchPeople(request.query.q),
  );

  route(
    routes.dataSubjectRequests,
    {
      access: 'officer',
      summary: 'The data-subject requests carried out, newest first',
      answer: { 200: z.array(dataSubjectRequestSchema) },
    },
    async () => officers.requests(),
  );

  route(
    routes.exportPerson,
    {
      access: 'officer',
      summary:
        "A person's data (GDPR art. 15) as a .zip of JSON files by resource; the request is recorded and audited. Asks for the officer's password again (403 when wrong, 429 when guessed too often or past 20 requests an hour)",
      body: dataExportSchema,
      answer: { 200: z.any().describe('application/zip') },
      refuses: [404, 429],
    },
    async (request, reply) => {
      const file = await officers.exportPerson(
        requireSession(request).user,
        clientInfo(request),
        request.body,
      );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.data);
    },
  );

  route(
    routes.erasePerson,
    {
      access: 'officer',
      summary:
        "Erases a person (GDPR art. 17): a pseudonym replaces them everywhere, their sessions end; `confirmation` must be their current username, `password` the officer's own (403 when wrong, 429 when guessed too often or past 20 requests an hour)",
      body: erasureSchema,
      answer: { 200: dataSubjectRequestSchema },
      refuses: [404, 409, 429],
    },
    async (request) =>
      officers.erasePerson(requireSession(request).user, clientInfo(request), request.body),
  );

  route(
    routes.residency,
    {
      access: 'officer',
      summary:
        'Where every cluster and product instance keeps its data: provider, region, country, jurisdiction; outside the EU flagged',
      answer: { 200: residencyReportSchema },
    },
    async () => officers.residency(),
  );

  route(
    routes.residencyCsv,
    {
      access: 'officer',
      summary: 'The data-residency report as CSV (text/csv)',
      answer: { 200: z.string().describe('text/csv') },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="data-residency-${stamp()}.csv"`)
        .send(await officers.residencyCsv()),
  );
});
