import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  errorSchema,
  idParamsSchema,
  invoiceSchema,
  invoiceSummarySchema,
  voidInvoiceSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The organization's monthly invoices. Members read and download them (another organization's
 * invoice is a 404); orderers pay an open one; platform operators void one of any organization.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices } = app.services;
  const organizationOf = (request: Parameters<typeof requireSession>[0]) =>
    requireSession(request).user.organizationId;

  app.get(
    endpoints.billing.invoices.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary: "The organization's invoices, newest first",
        response: { 200: z.array(invoiceSummarySchema), ...refusals },
      },
    },
    async (request) => invoices.list(organizationOf(request)),
  );

  app.get(
    endpoints.billing.invoice.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary: 'One invoice as issued: lines, VAT, totals, parties and its payment',
        params: idParamsSchema,
        response: { 200: invoiceSchema, ...refusals },
      },
    },
    async (request) => invoices.get(organizationOf(request), request.params.id),
  );

  app.get(
    endpoints.billing.invoicePdf.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary: 'The invoice as a PDF (application/pdf, an attachment); a void one says VOID',
        params: idParamsSchema,
        response: { 200: z.any().describe('application/pdf'), ...refusals },
      },
    },
    async (request, reply) => {
      const { filename, body } = await invoices.pdf(organizationOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );

  app.get(
    endpoints.billing.invoiceUsageCsv.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary:
          'The usage the invoice billed (text/csv): hour, cluster, metric, quantity, billable, cost in USD; written once, with a strong ETag (304 for If-None-Match); 30 a minute per organization (429)',
        params: idParamsSchema,
        response: {
          200: z.any().describe('text/csv'),
          304: z.any().describe('not modified: the same file'),
          429: errorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const csv = await invoices.usageCsv(organizationOf(request), request.params.id);
      // Written once and never changed: a client that kept it asks again with its ETag.
      reply.header('etag', csv.etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === csv.etag) return reply.code(304).send();
      const file = await csv.open();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-length', String(file.sizeBytes))
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .send(file.stream);
    },
  );

  app.post(
    endpoints.billing.payInvoice.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['billing'],
        summary:
          "Charges an open invoice's amount due again: credit first, then the default card (402 when refused)",
        params: idParamsSchema,
        response: { 200: invoiceSchema, 402: errorSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) =>
      invoices.pay(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  app.post(
    endpoints.billing.voidInvoice.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['billing'],
        summary:
          'Voids an open or paid invoice of any organization, with a reason (audited); a paid one gets a credit note, its amount back as credit or refunded to the card (refundTo)',
        params: idParamsSchema,
        body: voidInvoiceSchema,
        response: { 200: invoiceSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) =>
      invoices.void(
        requireSession(request).user,
        request.params.id,
        request.body,
        clientInfo(request),
      ),
  );

  app.get(
    endpoints.billing.creditNotePdf.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['billing'],
        summary:
          'A credit note as a PDF (application/pdf, an attachment): what a voided paid invoice gave back',
        params: idParamsSchema,
        response: { 200: z.any().describe('application/pdf'), ...refusals },
      },
    },
    async (request, reply) => {
      const { filename, body } = await invoices.creditNotePdf(
        organizationOf(request),
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
