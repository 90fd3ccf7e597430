import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  approvePromotionSchema,
  errorSchema,
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
import { clientInfo, requireSession } from '../sessions/index.ts';
import { refusals } from './member-routes.ts';

/** Invitations to join an organization, and members' requests to become its admins. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations, promotions } = app.services;
  const api = endpoints.members;
  const tags = ['people'];

  app.get(
    api.invitations.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: 'Pending invitations (not used, withdrawn or expired), newest first',
        querystring: organizationScopeQuerySchema,
        response: { 200: z.array(invitationSchema), ...refusals },
      },
    },
    async (request) => invitations.list(requireSession(request).user, request.query),
  );

  app.post(
    api.invite.pattern,
    {
      // Mail in the organization's name to an outside address: an approved organization and an
      // admin whose own address is proven.
      config: { access: 'verifiedAdmin' },
      schema: {
        tags,
        summary:
          'Invites an e-mail address with a role: a single-use link valid 7 days; 409 for an existing account or a pending invitation, 429 past the mail limits',
        body: inviteSchema,
        response: { 201: invitationSchema, 429: errorSchema, ...refusals },
      },
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

  app.delete(
    api.revokeInvitation.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: 'Withdraws a pending invitation: its link stops working',
        params: idParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
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

  app.get(
    api.lookupInvitation.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary:
          'What an invitation link offers (organization, e-mail, role); 404 unknown, 410 used, withdrawn or expired',
        params: invitationTokenParamsSchema,
        response: { 200: invitationLookupSchema, 410: errorSchema, ...refusals },
      },
    },
    async (request) => invitations.lookup(request.params.token),
  );

  app.get(
    api.promotionRequests.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: 'Requests to become an admin, newest first, by status',
        querystring: promotionListQuerySchema,
        response: { 200: z.array(promotionRequestSchema), ...refusals },
      },
    },
    async (request) => promotions.list(requireSession(request).user, request.query),
  );

  app.post(
    api.approvePromotion.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: 'Approves a request: the asker becomes an admin and is told',
        params: idParamsSchema,
        body: approvePromotionSchema,
        response: { 200: promotionRequestSchema, ...refusals },
      },
    },
    async (request) =>
      promotions.approve(
        requireSession(request).user,
        request.params.id,
        request.body.note,
        clientInfo(request),
      ),
  );

  app.post(
    api.refusePromotion.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: 'Refuses a request with a note to the asker',
        params: idParamsSchema,
        body: refusePromotionSchema,
        response: { 200: promotionRequestSchema, ...refusals },
      },
    },
    async (request) =>
      promotions.refuse(
        requireSession(request).user,
        request.params.id,
        request.body.note,
        clientInfo(request),
      ),
  );

  app.get(
    api.ownPromotionRequest.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The signed-in member's latest request to become an admin, or null",
        response: { 200: ownPromotionRequestSchema, ...refusals },
      },
    },
    async (request) => promotions.mine(requireSession(request).user),
  );

  app.post(
    api.requestPromotion.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          "Asks the organization's admins to become an admin; one pending request per person (409)",
        body: promotionRequestInputSchema,
        response: { 201: promotionRequestSchema, ...refusals },
      },
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
};
