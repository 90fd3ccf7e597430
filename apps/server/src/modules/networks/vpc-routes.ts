import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  createVpcSchema,
  idParamsSchema,
  vpcListQuerySchema,
  vpcSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/** The organization's VPC networks: listed by its members, made and deleted by those who order. */
export const vpcRoutes = routePlugin({ tag: 'clusters' }, async (app, route) => {
  const { vpcs } = app.services;
  const api = endpoints.vpcs;

  route(
    api.list,
    {
      access: 'member',
      summary:
        'The organization’s VPC networks (provider and region, IPv4 range, clusters in each), optionally of one provider and region',
      query: vpcListQuerySchema,
      answer: { 200: z.array(vpcSchema) },
    },
    async (request) => vpcs.list(requireSession(request).user, request.query),
  );

  route(
    api.create,
    {
      access: 'orderer',
      summary:
        'Makes a VPC in a region: a private IPv4 range from /16 to /24 that overlaps neither another VPC of the region nor the clusters’ pod and service networks (omitted: the first free /20 from 10.110.0.0)',
      body: createVpcSchema,
      answer: { 201: vpcSchema },
      refuses: [409],
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await vpcs.create(requireSession(request).user, request.body, clientInfo(request))),
  );

  route(
    api.remove,
    {
      access: 'orderer',
      summary: 'Deletes an empty VPC; 409 while a cluster is in it',
      params: idParamsSchema,
      answer: { 204: z.null() },
      refuses: [404, 409],
    },
    async (request, reply) => {
      await vpcs.remove(requireSession(request).user, request.params.id, clientInfo(request));
      return reply.code(204).send(null);
    },
  );
});
