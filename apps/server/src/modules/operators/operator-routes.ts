import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  errorSchema,
  idParamsSchema,
  officerAccessChangeSchema,
  operatorOrganizationDetailSchema,
  operatorOrganizationPageSchema,
  operatorOrganizationQuerySchema,
  operatorUserSchema,
  suspendOrganizationSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const changeRefusals = { ...refusals, 409: errorSchema };
const tags = ['operators'];

/** The platform operators' console over every organization (super admins only). */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { operators } = app.services;
  const { operators: routes } = endpoints;

  app.get(
    routes.organizations.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        summary:
          'Every organization with its figures; pending approval first (longest waiting on top) unless a status is asked for',
        querystring: operatorOrganizationQuerySchema,
        response: { 200: operatorOrganizationPageSchema, ...refusals },
      },
    },
    async (request) => operators.list(request.query),
  );

  app.get(
    routes.organization.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        summary: 'One organization with its admins and newest invoices',
        params: idParamsSchema,
        response: { 200: operatorOrganizationDetailSchema, ...refusals },
      },
    },
    async (request) => operators.get(request.params.id),
  );

  app.post(
    routes.approve.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        summary:
          'Approves a pending organization: it may order; its admins are told (notification, mail); audited',
        params: idParamsSchema,
        response: { 200: operatorOrganizationDetailSchema, ...changeRefusals },
      },
    },
    async (request) =>
      operators.approve(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  app.post(
    routes.suspend.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        summary:
          'Suspends an active organization, saying why: it cannot order, its clusters keep running; members told; audited',
        params: idParamsSchema,
        body: suspendOrganizationSchema,
        response: { 200: operatorOrganizationDetailSchema, ...changeRefusals },
      },
    },
    async (request) =>
      operators.suspend(
        requireSession(request).user,
        request.params.id,
        request.body.reason,
        clientInfo(request),
      ),
  );

  app.post(
    routes.reinstate.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        summary: 'Reinstates a suspended organization; members told; audited',
        params: idParamsSchema,
        response: { 200: operatorOrganizationDetailSchema, ...changeRefusals },
      },
    },
    async (request) =>
      operators.reinstate(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  app.get(
    routes.users.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        summary: "The organization's users with their officer access",
        params: idParamsSchema,
        response: { 200: z.array(operatorUserSchema), ...refusals },
      },
    },
    async (request) => operators.users(request.params.id),
  );

  app.put(
    routes.officerAccess.pattern,
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        summary:
          "Grants or revokes a user's officer access (theirs at their next request); audited",
        params: idParamsSchema,
        body: officerAccessChangeSchema,
        response: { 200: operatorUserSchema, ...changeRefusals },
      },
    },
    async (request) =>
      operators.setOfficerAccess(
        requireSession(request).user,
        request.params.id,
        request.body.officerAccess,
        clientInfo(request),
      ),
  );
};
