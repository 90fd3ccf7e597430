import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  approvePromotionSchema,
  idParamsSchema,
  invitationLookupSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  inviteSchema,
  organizationScopeQuerySchema,
  ownPromotionRequestSchema,
  promotionListQuerySchema,
  promotionRequestInputSchema,
  promotionRequestSchema,
  refusePromotionSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/** Invitations to join an organization, and members' requests to become its admins. */
export const invitationRoutes = routePlugin({ tag: 'people' }, async (app, route) => {
  const { invitations, promotions } = app.services;
  const api = endpoints.members;

  route(
    api.invitations,
    {
      access: 'orgAdmin',
      summary: 'Pending invitations (not used, withdrawn or expired), newest first',
      query: organizationScopeQuerySchema,
      answer: { 200: z.array(invitationSchema) },
      refuses: [404, 409],
    },
    async (request) => invitations.list(requireSession(request).user, request.query),
  );

  route(
    api.invite,
    {
      // Mail in the organization's name to an outside address: an approved organization and an
      // admin whose own address is proven.
      access: 'verifiedAdmin',
      summary:
        'Invites an e-mail address with a role: a single-use link valid 7 days; 409 for an existing account or a pending invitation, 429 past the mail limits',
      body: inviteSchema,
      answer: { 201: invitationSchema },
      refuses: [404, 409, 429],
    },
    async (request, reply) => {
      const invitation = await invitations.invite(
        requireSession(request).user,
        request.body,
        clientInfo(request),
      );
      return reply.code(201).send(invitation);
    },
  );

  route(
    api.revokeInvitation,
    {
      access: 'orgAdmin',
      summary: 'Withdraws a pending invitation: its link stops working',
      params: idParamsSchema,
      answer: { 204: z.null() },
      refuses: [404, 409],
    },
    async (request, reply) => {
      await invitations.revoke(
        requireSession(request).user,
        request.params.id,
        clientInfo(request),
      );
      return reply.code(204).send(null);
    },
  );

  route(
    api.lookupInvitation,
    {
      access: 'anyone',
      summary:
        'What an invitation link offers (organization, e-mail, role); 404 unknown, 410 used, withdrawn or expired',
      params: invitationTokenParamsSchema,
      answer: { 200: invitationLookupSchema },
      refuses: [401, 403, 404, 409, 410],
    },
    async (request) => invitations.lookup(request.params.token),
  );

  route(
    api.promotionRequests,
    {
      access: 'orgAdmin',
      summary: 'Requests to become an admin, newest first, by status',
      query: promotionListQuerySchema,
      answer: { 200: z.array(promotionRequestSchema) },
      refuses: [404, 409],
    },
    async (request) => promotions.list(requireSession(request).user, request.query),
  );

  route(
    api.approvePromotion,
    {
      access: 'orgAdmin',
      summary: 'Approves a request: the asker becomes an admin and is told',
      params: idParamsSchema,
      body: approvePromotionSchema,
      answer: { 200: promotionRequestSchema },
      refuses: [404, 409],
    },
    async (request) =>
      promotions.approve(
        requireSession(request).user,
        request.params.id,
        request.body.note,
        clientInfo(request),
      ),
  );

  route(
    api.refusePromotion,
    {
      access: 'orgAdmin',
      summary: 'Refuses a request with a note to the asker',
      params: idParamsSchema,
      body: refusePromotionSchema,
      answer: { 200: promotionRequestSchema },
      refuses: [404, 409],
    },
    async (request) =>
      promotions.refuse(
        requireSession(request).user,
        request.params.id,
        request.body.note,
        clientInfo(request),
      ),
  );

  route(
    api.ownPromotionRequest,
    {
      access: 'member',
      summary: "The signed-in member's latest request to become an admin, or null",
      answer: { 200: ownPromotionRequestSchema },
      refuses: [404, 409],
    },
    async (request) => promotions.mine(requireSession(request).user),
  );

  route(
    api.requestPromotion,
    {
      access: 'member',
      summary:
        "Asks the organization's admins to become an admin; one pending request per person (409)",
      body: promotionRequestInputSchema,
      answer: { 201: promotionRequestSchema },
      refuses: [404, 409],
    },
    async (request, reply) => {
      const created = await promotions.request(
        requireSession(request).user,
        request.body.reason,
        clientInfo(request),
      );
      return reply.code(201).send(created);
    },
  );
});
