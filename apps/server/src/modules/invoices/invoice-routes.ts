import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  idParamsSchema,
  invoiceSchema,
  invoiceSummarySchema,
  voidInvoiceSchema,
} from '@alpenkube/contract';
import { passPrewrittenJson } from '../../http/prewritten-json.ts';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

const invoiceListSchema = z.array(invoiceSummarySchema);

/**
 * The organization's monthly invoices. Members read and download them (another organization's
 * invoice is a 404); orderers pay an open one; platform operators void one of any organization.
 */
export const invoiceRoutes = routePlugin({ tag: 'billing' }, async (app, route) => {
  const { invoices, organizationAnswers } = app.services;
  const organizationOf = (request: Parameters<typeof requireSession>[0]) =>
    requireSession(request).user.organizationId;

  route(
    endpoints.billing.invoices,
    {
      access: 'member',
      summary: "The organization's invoices, newest first",
      answer: { 200: invoiceListSchema },
      refuses: [404],
      // Kept written per organization until an invoice or credit note of it changes.
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      return organizationAnswers.answer(
        request,
        reply,
        organizationId,
        'invoices',
        invoiceListSchema,
        () => invoices.list(organizationId),
      );
    },
  );

  route(
    endpoints.billing.invoice,
    {
      access: 'member',
      summary: 'One invoice as issued: lines, VAT, totals, parties and its payment',
      params: idParamsSchema,
      answer: { 200: invoiceSchema },
      refuses: [404],
    },
    async (request) => invoices.get(organizationOf(request), request.params.id),
  );

  route(
    endpoints.billing.invoicePdf,
    {
      access: 'member',
      summary: 'The invoice as a PDF (application/pdf, an attachment); a void one says VOID',
      params: idParamsSchema,
      answer: { 200: z.any().describe('application/pdf') },
      refuses: [404],
    },
    async (request, reply) => {
      const { filename, body } = await invoices.pdf(organizationOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );

  route(
    endpoints.billing.invoiceUsageCsv,
    {
      access: 'member',
      summary:
        'The usage the invoice billed (text/csv): hour, cluster, metric, quantity, billable, cost in USD; written once, with a strong ETag (304 for If-None-Match); 30 a minute per organization (429)',
      params: idParamsSchema,
      answer: {
        200: z.any().describe('text/csv'),
        304: z.any().describe('not modified: the same file'),
      },
      refuses: [404, 429],
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

  route(
    endpoints.billing.payInvoice,
    {
      access: 'orderer',
      summary:
        "Charges an open invoice's amount due again: credit first, then the default card (402 when refused)",
      params: idParamsSchema,
      answer: { 200: invoiceSchema },
      refuses: [402, 404, 409],
    },
    async (request) =>
      invoices.pay(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  route(
    endpoints.billing.voidInvoice,
    {
      access: 'superAdmin',
      summary:
        'Voids an open or paid invoice of any organization, with a reason (audited); a paid one gets a credit note, its amount back as credit or refunded to the card (refundTo)',
      params: idParamsSchema,
      body: voidInvoiceSchema,
      answer: { 200: invoiceSchema },
      refuses: [404, 409],
    },
    async (request) =>
      invoices.void(
        requireSession(request).user,
        request.params.id,
        request.body,
        clientInfo(request),
      ),
  );

  route(
    endpoints.billing.creditNotePdf,
    {
      access: 'member',
      summary:
        'A credit note as a PDF (application/pdf, an attachment): what a voided paid invoice gave back',
      params: idParamsSchema,
      answer: { 200: z.any().describe('application/pdf') },
      refuses: [404],
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
});
