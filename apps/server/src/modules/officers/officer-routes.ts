import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  auditFilterSchema,
  auditPageSchema,
  auditQuerySchema,
  dataExportSchema,
  dataSubjectRequestSchema,
  erasureSchema,
  errorSchema,
  personSchema,
  personSearchSchema,
  residencyReportSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['officers'];
const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/**
 * The compliance officers' panel: the audit trail of every organization, data-subject requests
 * and the data-residency report. Every route needs `officer` access.
 */
export const officerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { officers } = app.services;
  const routes = endpoints.officers;

  app.get(
    routes.auditEvents.pattern,
    {
      config: { access: 'officer' },
      schema: {
        tags,
        summary:
          'The audit trail, newest first, filtered by actor, organization, action (or a prefix such as `auth.`), outcome and time; a page of `limit` before the id `before`',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...refusals },
      },
    },
    async (request) => officers.auditPage(request.query),
  );

  app.get(
    routes.auditEventsCsv.pattern,
    {
      config: { access: 'officer' },
      schema: {
        tags,
        summary: 'The same filter as CSV (text/csv, newest first, at most 100,000 rows)',
        querystring: auditFilterSchema,
        response: { 200: z.any().describe('text/csv'), ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${stamp()}.csv"`)
        .send(officers.auditCsv(request.query)),
  );

  app.get(
    routes.people.pattern,
    {
      config: { access: 'officer' },
      schema: {
        tags,
        summary: 'People whose username, e-mail or name contains the text (at most 20)',
        querystring: personSearchSchema,
        response: { 200: z.array(personSchema), ...refusals },
      },
    },
    async (request) => officers.searchPeople(request.query.q),
  );

  app.get(
    routes.dataSubjectRequests.pattern,
    {
      config: { access: 'officer' },
      schema: {
        tags,
        summary: 'The data-subject requests carried out, newest first',
        response: { 200: z.array(dataSubjectRequestSchema), ...refusals },
      },
    },
    async () => officers.requests(),
  );

  app.post(
    routes.exportPerson.pattern,
    {
      config: { access: 'officer' },
      schema: {
        tags,
        summary:
          "A person's data (GDPR art. 15) as a .zip of JSON files by resource; the request is recorded and audited. Asks for the officer's password again (403 when wrong, 429 when guessed too often or past 20 requests an hour)",
        body: dataExportSchema,
        response: {
          200: z.any().describe('application/zip'),
          404: errorSchema,
          429: errorSchema,
          ...refusals,
        },
      },
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

  app.post(
    routes.erasePerson.pattern,
    {
      config: { access: 'officer' },
      schema: {
        tags,
        summary:
          "Erases a person (GDPR art. 17): a pseudonym replaces them everywhere, their sessions end; `confirmation` must be their current username, `password` the officer's own (403 when wrong, 429 when guessed too often or past 20 requests an hour)",
        body: erasureSchema,
        response: {
          200: dataSubjectRequestSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
          ...refusals,
        },
      },
    },
    async (request) =>
      officers.erasePerson(requireSession(request).user, clientInfo(request), request.body),
  );

  app.get(
    routes.residency.pattern,
    {
      config: { access: 'officer' },
      schema: {
        tags,
        summary:
          'Where every cluster and product instance keeps its data: provider, region, country, jurisdiction; outside the EU flagged',
        response: { 200: residencyReportSchema, ...refusals },
      },
    },
    async () => officers.residency(),
  );

  app.get(
    routes.residencyCsv.pattern,
    {
      config: { access: 'officer' },
      schema: {
        tags,
        summary: 'The data-residency report as CSV (text/csv)',
        response: { 200: z.string().describe('text/csv'), ...refusals },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="data-residency-${stamp()}.csv"`)
        .send(await officers.residencyCsv()),
  );
};
