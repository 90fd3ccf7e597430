import multipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  errorSchema,
  idParamsSchema,
  queuePageSchema,
  queueQuerySchema,
  ticketListQuerySchema,
  ticketSchema,
  ticketStatusChangeSchema,
  ticketSummarySchema,
} from '@alpenkube/contract';
import { requireSession } from '../sessions/index.ts';
import { readMultipart } from './attachments.ts';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const uploadRefusals = { ...refusals, 413: errorSchema, 429: errorSchema };
const attachmentParams = z.strictObject({
  id: idParamsSchema.shape.id,
  attachmentId: idParamsSchema.shape.id,
});
const multipartNote =
  ' Sent as multipart/form-data: the fields, and up to 5 files (images, PDF, text or logs) of 10 MB each, typed by their content, 30 per ticket; files need a verified e-mail address and an approved organization (403), and count against storage quotas (413) and an hourly limit (429).';

/** Streams a file from the store: never whole in memory. */
function sendFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; stream: Readable; sizeBytes: number },
) {
  // The stored type was sniffed from the bytes; nosniff keeps the browser from guessing another.
  return reply
    .type(file.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .send(file.stream);
}

/**
 * Support for signed-in customers (their organization's tickets: another's is a 404) and the
 * staff queue over every ticket, anonymous ones too. Multipart bodies are accepted here only:
 * the parser is registered inside this plugin, so every other route stays JSON-only.
 */
export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tickets, fileStore } = app.services;
  await app.register(multipart);
  const { support } = endpoints;
  /** The form, its files streamed to the store once the sender may attach them. */
  const upload = (request: FastifyRequest, ticketId: number | null, as: 'customer' | 'staff') =>
    readMultipart(request, fileStore, () =>
      tickets.fileAllowance(requireSession(request).user, ticketId, as),
    );

  app.post(
    support.createTicket.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['support'],
        summary: `Opens a ticket with its first message and attachments, all or nothing.${multipartNote}`,
        response: { 201: ticketSchema, ...uploadRefusals },
      },
    },
    async (request, reply) => {
      const form = await upload(request, null, 'customer');
      const ticket = await tickets.create(requireSession(request).user, form);
      return reply.code(201).send(ticket);
    },
  );

  app.get(
    support.tickets.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['support'],
        summary:
          "The organization's tickets, newest first, a page of `limit` before the id `before`",
        querystring: ticketListQuerySchema,
        response: { 200: z.array(ticketSummarySchema), ...refusals },
      },
    },
    async (request) => tickets.list(requireSession(request).user.organizationId, request.query),
  );

  app.get(
    support.ticket.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['support'],
        summary: 'One ticket and its conversation (without the staff’s internal notes)',
        params: idParamsSchema,
        response: { 200: ticketSchema, ...refusals },
      },
    },
    async (request) => tickets.get(requireSession(request).user.organizationId, request.params.id),
  );

  app.post(
    support.replyTicket.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['support'],
        summary: `Replies to a ticket: it is open again with a new response target; 409 when closed.${multipartNote}`,
        params: idParamsSchema,
        response: { 200: ticketSchema, 409: errorSchema, ...uploadRefusals },
      },
    },
    async (request) => {
      const form = await upload(request, request.params.id, 'customer');
      return tickets.reply(requireSession(request).user, request.params.id, form);
    },
  );

  app.post(
    support.ticketStatus.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['support'],
        summary: 'Resolves, closes or reopens a ticket (reopen within 14 days); 409 otherwise',
        params: idParamsSchema,
        body: ticketStatusChangeSchema,
        response: { 200: ticketSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) =>
      tickets.changeStatus(requireSession(request).user, request.params.id, request.body.status),
  );

  app.get(
    support.attachment.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['support'],
        summary: 'An attachment of a ticket, as a download of the type found in its bytes',
        params: attachmentParams,
        response: { 200: z.any().describe('the file'), ...refusals },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await tickets.attachment(
          requireSession(request).user.organizationId,
          request.params.id,
          request.params.attachmentId,
        ),
      ),
  );

  app.post(
    support.customSolution.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['support'],
        summary: `Requests a custom solution: a sales ticket with the request's details.${multipartNote}`,
        response: { 201: ticketSchema, ...uploadRefusals },
      },
    },
    async (request, reply) => {
      const form = await upload(request, null, 'customer');
      const ticket = await tickets.requestCustomSolution(requireSession(request).user, form);
      return reply.code(201).send(ticket);
    },
  );

  app.get(
    support.queue.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['support'],
        summary:
          'Staff: every ticket, anonymous ones too, soonest-missed response target first; by status and assignee',
        querystring: queueQuerySchema,
        response: { 200: queuePageSchema, ...refusals },
      },
    },
    async (request) => tickets.queue(requireSession(request).user, request.query),
  );

  app.get(
    support.queueTicket.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['support'],
        summary: 'Staff: one ticket with its internal notes',
        params: idParamsSchema,
        response: { 200: ticketSchema, ...refusals },
      },
    },
    async (request) => tickets.staffGet(request.params.id),
  );

  app.post(
    support.assignToMe.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['support'],
        summary: 'Staff: takes a ticket',
        params: idParamsSchema,
        response: { 200: ticketSchema, ...refusals },
      },
    },
    async (request) => tickets.assignToMe(requireSession(request).user, request.params.id),
  );

  app.post(
    support.staffMessage.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['support'],
        summary: `Staff: a reply (the customer is told; the ticket then awaits them) or, with internal=true, a note they never see.${multipartNote}`,
        params: idParamsSchema,
        response: { 200: ticketSchema, 409: errorSchema, ...uploadRefusals },
      },
    },
    async (request) => {
      const form = await upload(request, request.params.id, 'staff');
      return tickets.staffMessage(requireSession(request).user, request.params.id, form);
    },
  );

  app.post(
    support.staffStatus.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['support'],
        summary: 'Staff: changes a ticket’s status; 409 for a change the states do not allow',
        params: idParamsSchema,
        body: ticketStatusChangeSchema,
        response: { 200: ticketSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request) => tickets.staffChangeStatus(request.params.id, request.body.status),
  );

  app.get(
    support.staffAttachment.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['support'],
        summary: 'Staff: an attachment of any ticket',
        params: attachmentParams,
        response: { 200: z.any().describe('the file'), ...refusals },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await tickets.staffAttachment(request.params.id, request.params.attachmentId),
      ),
  );
};
