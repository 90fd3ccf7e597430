import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  changeRoleSchema,
  disableMemberSchema,
  idParamsSchema,
  memberListQuerySchema,
  memberSchema,
  mfaRequirementSchema,
  organizationScopeQuerySchema,
  membersSummarySchema,
  rejectRegistrationSchema,
  removalSchema,
} from '@alpenkube/contract';
import { queryKey } from '../../http/organization-answers.ts';
import { answerPrewritten, passPrewrittenJson, writtenJson } from '../../http/prewritten-json.ts';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';
import { scopeOf } from './member-view.ts';

const superAdminNote =
  ' An admin works in their own organization; a super admin in any (the optional `organizationId`).';

const memberListSchema = z.array(memberSchema);

/** An organization's admins manage its people. */
export const memberRoutes = routePlugin({ tag: 'people' }, async (app, route) => {
  const { members, organizationAnswers } = app.services;
  const api = endpoints.members;

  route(
    api.users,
    {
      access: 'orgAdmin',
      summary: `The organization's people, newest first, a page of \`limit\` before the id \`before\`; \`q\` searches username, name and e-mail.${superAdminNote}`,
      query: memberListQuerySchema,
      answer: { 200: memberListSchema },
      refuses: [404, 409],
      // One organization's people, kept written per query until a person or it changes.
      serializerCompiler: passPrewrittenJson,
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const scope = scopeOf(user, request.query.organizationId);
      const load = () => members.list(user, request.query);
      // A super admin's list over every organization is nobody's to keep.
      if (scope === null) {
        const json = await writtenJson(JSON.stringify(memberListSchema.parse(await load())));
        return answerPrewritten(request, reply, json, { shared: false });
      }
      return organizationAnswers.answer(
        request,
        reply,
        scope,
        queryKey('people', request.query),
        memberListSchema,
        load,
      );
    },
  );

  route(
    api.registrations,
    {
      access: 'orgAdmin',
      summary: `People who registered into the organization and wait for approval, oldest first.${superAdminNote}`,
      query: organizationScopeQuerySchema,
      answer: { 200: z.array(memberSchema) },
      refuses: [404, 409],
    },
    async (request) =>
      members.registrations(requireSession(request).user, request.query.organizationId),
  );

  route(
    api.approveRegistration,
    {
      access: 'orgAdmin',
      summary: 'Approves a pending registration: the person is told by notification and mail',
      params: idParamsSchema,
      answer: { 200: memberSchema },
      refuses: [404, 409],
    },
    async (request) =>
      members.approve(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  route(
    api.rejectRegistration,
    {
      access: 'orgAdmin',
      summary: 'Rejects a pending registration with a reason; the person cannot sign in again',
      params: idParamsSchema,
      body: rejectRegistrationSchema,
      answer: { 200: memberSchema },
      refuses: [404, 409],
    },
    async (request) =>
      members.reject(
        requireSession(request).user,
        request.params.id,
        request.body.reason,
        clientInfo(request),
      ),
  );

  route(
    api.changeRole,
    {
      access: 'orgAdmin',
      summary:
        'Makes a person an admin or a customer; 409 when the organization would keep no active admin',
      params: idParamsSchema,
      body: changeRoleSchema,
      answer: { 200: memberSchema },
      refuses: [404, 409],
    },
    async (request) =>
      members.changeRole(
        requireSession(request).user,
        request.params.id,
        request.body.role,
        clientInfo(request),
      ),
  );

  route(
    api.disable,
    {
      access: 'orgAdmin',
      summary: 'Disables an account with a reason; its sessions end at once on every instance',
      params: idParamsSchema,
      body: disableMemberSchema,
      answer: { 200: memberSchema },
      refuses: [404, 409],
    },
    async (request) =>
      members.disable(
        requireSession(request).user,
        request.params.id,
        request.body.reason,
        clientInfo(request),
      ),
  );

  route(
    api.enable,
    {
      access: 'orgAdmin',
      summary: 'Enables a disabled account again',
      params: idParamsSchema,
      answer: { 200: memberSchema },
      refuses: [404, 409],
    },
    async (request) =>
      members.enable(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  route(
    api.remove,
    {
      access: 'orgAdmin',
      summary:
        'Removes a person: deletes the account, or disables it when orders, tickets or payments still name it',
      params: idParamsSchema,
      answer: { 200: removalSchema },
      refuses: [404, 409],
    },
    async (request) =>
      members.remove(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  route(
    api.summary,
    {
      access: 'orgAdmin',
      summary: `Counts of what waits for an admin, and the organization's two-factor setting.${superAdminNote}`,
      query: organizationScopeQuerySchema,
      answer: { 200: membersSummarySchema },
      refuses: [404, 409],
    },
    async (request) => members.summary(requireSession(request).user, request.query.organizationId),
  );

  route(
    api.setMfaRequired,
    {
      access: 'orgAdmin',
      summary:
        'Requires two-factor authentication of every member (409 while the admin has none), or stops requiring it',
      body: mfaRequirementSchema,
      answer: { 200: membersSummarySchema },
      refuses: [404, 409],
    },
    async (request) =>
      members.setMfaRequired(requireSession(request).user, request.body, clientInfo(request)),
  );
});
