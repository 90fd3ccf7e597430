import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  changeRoleSchema,
  disableMemberSchema,
  errorSchema,
  idParamsSchema,
  memberListQuerySchema,
  memberSchema,
  mfaRequirementSchema,
  organizationScopeQuerySchema,
  membersSummarySchema,
  rejectRegistrationSchema,
  removalSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

export const refusals = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

const superAdminNote =
  ' An admin works in their own organization; a super admin in any (the optional `organizationId`).';

/** An organization's admins manage its people. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members } = app.services;
  const api = endpoints.members;
  const tags = ['people'];

  app.get(
    api.users.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: `The organization's people, newest first, a page of \`limit\` before the id \`before\`; \`q\` searches username, name and e-mail.${superAdminNote}`,
        querystring: memberListQuerySchema,
        response: { 200: z.array(memberSchema), ...refusals },
      },
    },
    async (request) => members.list(requireSession(request).user, request.query),
  );

  app.get(
    api.registrations.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: `People who registered into the organization and wait for approval, oldest first.${superAdminNote}`,
        querystring: organizationScopeQuerySchema,
        response: { 200: z.array(memberSchema), ...refusals },
      },
    },
    async (request) =>
      members.registrations(requireSession(request).user, request.query.organizationId),
  );

  app.post(
    api.approveRegistration.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: 'Approves a pending registration: the person is told by notification and mail',
        params: idParamsSchema,
        response: { 200: memberSchema, ...refusals },
      },
    },
    async (request) =>
      members.approve(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  app.post(
    api.rejectRegistration.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: 'Rejects a pending registration with a reason; the person cannot sign in again',
        params: idParamsSchema,
        body: rejectRegistrationSchema,
        response: { 200: memberSchema, ...refusals },
      },
    },
    async (request) =>
      members.reject(
        requireSession(request).user,
        request.params.id,
        request.body.reason,
        clientInfo(request),
      ),
  );

  app.put(
    api.changeRole.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary:
          'Makes a person an admin or a customer; 409 when the organization would keep no active admin',
        params: idParamsSchema,
        body: changeRoleSchema,
        response: { 200: memberSchema, ...refusals },
      },
    },
    async (request) =>
      members.changeRole(
        requireSession(request).user,
        request.params.id,
        request.body.role,
        clientInfo(request),
      ),
  );

  app.post(
    api.disable.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: 'Disables an account with a reason; its sessions end at once on every instance',
        params: idParamsSchema,
        body: disableMemberSchema,
        response: { 200: memberSchema, ...refusals },
      },
    },
    async (request) =>
      members.disable(
        requireSession(request).user,
        request.params.id,
        request.body.reason,
        clientInfo(request),
      ),
  );

  app.post(
    api.enable.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: 'Enables a disabled account again',
        params: idParamsSchema,
        response: { 200: memberSchema, ...refusals },
      },
    },
    async (request) =>
      members.enable(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  app.delete(
    api.remove.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary:
          'Removes a person: deletes the account, or disables it when orders, tickets or payments still name it',
        params: idParamsSchema,
        response: { 200: removalSchema, ...refusals },
      },
    },
    async (request) =>
      members.remove(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  app.get(
    api.summary.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary: `Counts of what waits for an admin, and the organization's two-factor setting.${superAdminNote}`,
        querystring: organizationScopeQuerySchema,
        response: { 200: membersSummarySchema, ...refusals },
      },
    },
    async (request) => members.summary(requireSession(request).user, request.query.organizationId),
  );

  app.put(
    api.setMfaRequired.pattern,
    {
      config: { access: 'orgAdmin' },
      schema: {
        tags,
        summary:
          'Requires two-factor authentication of every member (409 while the admin has none), or stops requiring it',
        body: mfaRequirementSchema,
        response: { 200: membersSummarySchema, ...refusals },
      },
    },
    async (request) =>
      members.setMfaRequired(requireSession(request).user, request.body, clientInfo(request)),
  );
};
