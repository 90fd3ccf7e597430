import multipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { can } from '@alpenkube/contract/permissions';
import {
  idParamsSchema,
  queuePageSchema,
  queueQuerySchema,
  ticketListQuerySchema,
  ticketSchema,
  ticketStatusChangeSchema,
  ticketSummarySchema,
} from '@alpenkube/contract';
import { queryKey, SUPPORT_STAFF } from '../../http/organization-answers.ts';
import { passPrewrittenJson } from '../../http/prewritten-json.ts';
import { routePlugin } from '../../http/route.ts';
import { requireSession } from '../sessions/index.ts';
import { readMultipart } from './attachments.ts';

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

const ticketListSchema = z.array(ticketSummarySchema);

/**
 * Support for signed-in customers (their organization's tickets: another's is a 404; someone
 * still waiting to join sees only the tickets they opened) and the staff queue over every ticket, anonymous ones too. Multipart bodies are accepted here only:
 * the parser is registered inside this plugin, so every other route stays JSON-only.
 */
export const ticketRoutes = routePlugin({ tag: 'support' }, async (app, route) => {
  const { tickets, fileStore, organizationAnswers } = app.services;
  await app.register(multipart);
  const { support } = endpoints;
  /** The form, its files streamed to the store once the sender may attach them. */
  const upload = (request: FastifyRequest, ticketId: number | null, as: 'customer' | 'staff') =>
    readMultipart(request, fileStore, () =>
      tickets.fileAllowance(requireSession(request).user, ticketId, as),
    );

  route(
    support.createTicket,
    {
      access: 'signedIn',
      summary: `Opens a ticket with its first message and attachments, all or nothing.${multipartNote}`,
      answer: { 201: ticketSchema },
      refuses: [404, 429],
    },
    async (request, reply) => {
      const form = await upload(request, null, 'customer');
      const ticket = await tickets.create(requireSession(request).user, form);
      return reply.code(201).send(ticket);
    },
  );

  route(
    support.tickets,
    {
      access: 'signedIn',
      summary: "The organization's tickets, newest first, a page of `limit` before the id `before`",
      query: ticketListQuerySchema,
      answer: { 200: ticketListSchema },
      refuses: [404],
      // Kept written per organization and query until a ticket changes.
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      // Someone still waiting to join sees only their own tickets: a page of their own.
      const list = can(user, 'member') ? 'tickets' : `tickets of ${user.id}`;
      return organizationAnswers.answer(
        request,
        reply,
        user.organizationId,
        queryKey(list, request.query),
        ticketListSchema,
        () => tickets.list(user, request.query),
      );
    },
  );

  route(
    support.ticket,
    {
      access: 'signedIn',
      summary: 'One ticket and its conversation (without the staff’s internal notes)',
      params: idParamsSchema,
      answer: { 200: ticketSchema },
      refuses: [404],
    },
    async (request) => tickets.get(requireSession(request).user, request.params.id),
  );

  route(
    support.replyTicket,
    {
      access: 'signedIn',
      summary: `Replies to a ticket: it is open again with a new response target; 409 when closed.${multipartNote}`,
      params: idParamsSchema,
      answer: { 200: ticketSchema },
      refuses: [404, 409, 429],
    },
    async (request) => {
      const form = await upload(request, request.params.id, 'customer');
      return tickets.reply(requireSession(request).user, request.params.id, form);
    },
  );

  route(
    support.ticketStatus,
    {
      access: 'signedIn',
      summary: 'Resolves, closes or reopens a ticket (reopen within 14 days); 409 otherwise',
      params: idParamsSchema,
      body: ticketStatusChangeSchema,
      answer: { 200: ticketSchema },
      refuses: [404, 409],
    },
    async (request) =>
      tickets.changeStatus(requireSession(request).user, request.params.id, request.body.status),
  );

  route(
    support.attachment,
    {
      access: 'signedIn',
      summary: 'An attachment of a ticket, as a download of the type found in its bytes',
      params: attachmentParams,
      answer: { 200: z.any().describe('the file') },
      refuses: [404],
    },
    async (request, reply) =>
      sendFile(
        reply,
        await tickets.attachment(
          requireSession(request).user,
          request.params.id,
          request.params.attachmentId,
        ),
      ),
  );

  route(
    support.customSolution,
    {
      access: 'member',
      summary: `Requests a custom solution: a sales ticket with the request's details.${multipartNote}`,
      answer: { 201: ticketSchema },
      refuses: [404, 429],
    },
    async (request, reply) => {
      const form = await upload(request, null, 'customer');
      const ticket = await tickets.requestCustomSolution(requireSession(request).user, form);
      return reply.code(201).send(ticket);
    },
  );

  route(
    support.queue,
    {
      access: 'superAdmin',
      summary:
        'Staff: every ticket, anonymous ones too, soonest-missed response target first; by status and assignee',
      query: queueQuerySchema,
      answer: { 200: queuePageSchema },
      refuses: [404],
      // Kept written per query until any ticket changes (organizations' and assignees' names
      // are as they were then).
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const { query } = request;
      const mine = query.assignee === 'me' ? { ...query, assignee: String(user.id) } : query;
      return organizationAnswers.answer(
        request,
        reply,
        SUPPORT_STAFF,
        queryKey('queue', mine),
        queuePageSchema,
        () => tickets.queue(user, query),
      );
    },
  );

  route(
    support.queueTicket,
    {
      access: 'superAdmin',
      summary: 'Staff: one ticket with its internal notes',
      params: idParamsSchema,
      answer: { 200: ticketSchema },
      refuses: [404],
    },
    async (request) => tickets.staffGet(request.params.id),
  );

  route(
    support.assignToMe,
    {
      access: 'superAdmin',
      summary: 'Staff: takes a ticket',
      params: idParamsSchema,
      answer: { 200: ticketSchema },
      refuses: [404],
    },
    async (request) => tickets.assignToMe(requireSession(request).user, request.params.id),
  );

  route(
    support.staffMessage,
    {
      access: 'superAdmin',
      summary: `Staff: a reply (the customer is told; the ticket then awaits them) or, with internal=true, a note they never see.${multipartNote}`,
      params: idParamsSchema,
      answer: { 200: ticketSchema },
      refuses: [404, 409, 429],
    },
    async (request) => {
      const form = await upload(request, request.params.id, 'staff');
      return tickets.staffMessage(requireSession(request).user, request.params.id, form);
    },
  );

  route(
    support.staffStatus,
    {
      access: 'superAdmin',
      summary: 'Staff: changes a ticket’s status; 409 for a change the states do not allow',
      params: idParamsSchema,
      body: ticketStatusChangeSchema,
      answer: { 200: ticketSchema },
      refuses: [404, 409],
    },
    async (request) => tickets.staffChangeStatus(request.params.id, request.body.status),
  );

  route(
    support.staffAttachment,
    {
      access: 'superAdmin',
      summary: 'Staff: an attachment of any ticket',
      params: attachmentParams,
      answer: { 200: z.any().describe('the file') },
      refuses: [404],
    },
    async (request, reply) =>
      sendFile(
        reply,
        await tickets.staffAttachment(request.params.id, request.params.attachmentId),
      ),
  );
});
