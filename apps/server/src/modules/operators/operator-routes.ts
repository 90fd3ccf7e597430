import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  idParamsSchema,
  officerAccessChangeSchema,
  operatorOrganizationDetailSchema,
  operatorOrganizationPageSchema,
  operatorOrganizationQuerySchema,
  operatorUserSchema,
  suspendOrganizationSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/** The platform operators' console over every organization (super admins only). */
export const operatorRoutes = routePlugin({ tag: 'operators' }, async (app, route) => {
  const { operators } = app.services;
  const { operators: routes } = endpoints;

  route(
    routes.organizations,
    {
      access: 'superAdmin',
      summary:
        'Every organization with its figures; pending approval first (longest waiting on top) unless a status is asked for',
      query: operatorOrganizationQuerySchema,
      answer: { 200: operatorOrganizationPageSchema },
      refuses: [404],
    },
    async (request) => operators.list(request.query),
  );

  route(
    routes.organization,
    {
      access: 'superAdmin',
      summary: 'One organization with its admins and newest invoices',
      params: idParamsSchema,
      answer: { 200: operatorOrganizationDetailSchema },
      refuses: [404],
    },
    async (request) => operators.get(request.params.id),
  );

  route(
    routes.approve,
    {
      access: 'superAdmin',
      summary:
        'Approves a pending organization: it may order; its admins are told (notification, mail); audited',
      params: idParamsSchema,
      answer: { 200: operatorOrganizationDetailSchema },
      refuses: [404, 409],
    },
    async (request) =>
      operators.approve(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  route(
    routes.suspend,
    {
      access: 'superAdmin',
      summary:
        'Suspends an active organization, saying why: it cannot order, its clusters keep running; members told; audited',
      params: idParamsSchema,
      body: suspendOrganizationSchema,
      answer: { 200: operatorOrganizationDetailSchema },
      refuses: [404, 409],
    },
    async (request) =>
      operators.suspend(
        requireSession(request).user,
        request.params.id,
        request.body.reason,
        clientInfo(request),
      ),
  );

  route(
    routes.reinstate,
    {
      access: 'superAdmin',
      summary: 'Reinstates a suspended organization; members told; audited',
      params: idParamsSchema,
      answer: { 200: operatorOrganizationDetailSchema },
      refuses: [404, 409],
    },
    async (request) =>
      operators.reinstate(requireSession(request).user, request.params.id, clientInfo(request)),
  );

  route(
    routes.users,
    {
      access: 'superAdmin',
      summary: "The organization's users with their officer access",
      params: idParamsSchema,
      answer: { 200: z.array(operatorUserSchema) },
      refuses: [404],
    },
    async (request) => operators.users(request.params.id),
  );

  route(
    routes.officerAccess,
    {
      access: 'superAdmin',
      summary: "Grants or revokes a user's officer access (theirs at their next request); audited",
      params: idParamsSchema,
      body: officerAccessChangeSchema,
      answer: { 200: operatorUserSchema },
      refuses: [404, 409],
    },
    async (request) =>
      operators.setOfficerAccess(
        requireSession(request).user,
        request.params.id,
        request.body.officerAccess,
        clientInfo(request),
      ),
  );
});
