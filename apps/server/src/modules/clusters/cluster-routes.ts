import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  addNodePoolSchema,
  clusterEventSchema,
  clusterListQuerySchema,
  clusterPageSchema,
  clusterSchema,
  clusterTopologySchema,
  deleteClusterSchema,
  errorSchema,
  idParamsSchema,
  renameClusterSchema,
  updateNodePoolSchema,
  upgradeClusterSchema,
} from '@alpenkube/contract';
import { clientInfo, requireSession } from '../sessions/index.ts';
import { KUBECONFIG_ACCESS } from './cluster-access.ts';

const reads = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const changes = { ...reads, 409: errorSchema };

const poolParams = idParamsSchema.extend({
  poolId: idParamsSchema.shape.id,
});
const nodeParams = idParamsSchema.extend({
  nodeName: z.string().min(1).max(253),
});

/**
 * An organization's clusters. Members read them and download kubeconfigs; changes, which the
 * provider applies and which change what the cluster costs, need an active organization and a
 * verified address (`orderer`). Another organization's cluster is a 404.
 */
export const clusterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clusters } = app.services;
  const session = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user;

  app.get(
    endpoints.clusters.list.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['clusters'],
        summary: "The organization's clusters, filtered, sorted and a page at a time",
        querystring: clusterListQuerySchema,
        response: { 200: clusterPageSchema, ...reads },
      },
    },
    async (request) => clusters.list(session(request).organizationId, request.query),
  );

  app.get(
    endpoints.clusters.topologies.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['clusters'],
        summary:
          'Every cluster of the organization as a graph: control plane, pools, nodes, add-ons',
        response: { 200: z.array(clusterTopologySchema), ...reads },
      },
    },
    async (request) => clusters.topologies(session(request).organizationId),
  );

  app.get(
    endpoints.clusters.get.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['clusters'],
        summary:
          'One cluster: node pools with their nodes, add-ons, endpoint, version, monthly cost',
        params: idParamsSchema,
        response: { 200: clusterSchema, ...reads },
      },
    },
    async (request) => clusters.get(session(request).organizationId, request.params.id),
  );

  app.get(
    endpoints.clusters.events.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['clusters'],
        summary: "The cluster's event log, oldest first (the newest 500)",
        params: idParamsSchema,
        response: { 200: z.array(clusterEventSchema), ...reads },
      },
    },
    async (request) => clusters.events(session(request).organizationId, request.params.id),
  );

  app.get(
    endpoints.clusters.topology.pattern,
    {
      config: { access: 'member' },
      schema: {
        tags: ['clusters'],
        summary: 'The cluster as a graph: control plane, node pools, nodes and add-ons',
        params: idParamsSchema,
        response: { 200: clusterTopologySchema, ...reads },
      },
    },
    async (request) => clusters.topology(session(request).organizationId, request.params.id),
  );

  app.patch(
    endpoints.clusters.rename.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['clusters'],
        summary: 'Renames the cluster',
        params: idParamsSchema,
        body: renameClusterSchema,
        response: { 200: clusterSchema, ...changes },
      },
    },
    async (request) =>
      clusters.rename(session(request), clientInfo(request), request.params.id, request.body.name),
  );

  app.patch(
    endpoints.clusters.updateNodePool.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['clusters'],
        summary: 'Scales a node pool, or sets its autoscaling limits (null turns autoscaling off)',
        params: poolParams,
        body: updateNodePoolSchema,
        response: { 200: clusterSchema, ...changes },
      },
    },
    async (request) =>
      clusters.updateNodePool(
        session(request),
        clientInfo(request),
        request.params.id,
        request.params.poolId,
        request.body,
      ),
  );

  app.post(
    endpoints.clusters.addNodePool.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['clusters'],
        summary: 'Adds a node pool',
        params: idParamsSchema,
        body: addNodePoolSchema,
        response: { 200: clusterSchema, ...changes },
      },
    },
    async (request) =>
      clusters.addNodePool(session(request), clientInfo(request), request.params.id, request.body),
  );

  app.delete(
    endpoints.clusters.removeNodePool.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['clusters'],
        summary: 'Removes a node pool and its nodes (never the last pool)',
        params: poolParams,
        response: { 200: clusterSchema, ...changes },
      },
    },
    async (request) =>
      clusters.removeNodePool(
        session(request),
        clientInfo(request),
        request.params.id,
        request.params.poolId,
      ),
  );

  app.post(
    endpoints.clusters.upgrade.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['clusters'],
        summary: 'Upgrades Kubernetes by one minor version (never down)',
        params: idParamsSchema,
        body: upgradeClusterSchema,
        response: { 200: clusterSchema, ...changes },
      },
    },
    async (request) =>
      clusters.upgrade(
        session(request),
        clientInfo(request),
        request.params.id,
        request.body.version,
      ),
  );

  app.post(
    endpoints.clusters.recycleNode.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['clusters'],
        summary: 'Drains a node and replaces it',
        params: nodeParams,
        response: { 200: clusterSchema, ...changes },
      },
    },
    async (request) =>
      clusters.recycleNode(
        session(request),
        clientInfo(request),
        request.params.id,
        request.params.nodeName,
      ),
  );

  app.delete(
    endpoints.clusters.delete.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['clusters'],
        summary: "Deletes the cluster; the body repeats the cluster's name",
        params: idParamsSchema,
        body: deleteClusterSchema,
        response: { 200: clusterSchema, ...changes },
      },
    },
    async (request) =>
      clusters.delete(session(request), clientInfo(request), request.params.id, request.body.name),
  );

  app.get(
    endpoints.clusters.kubeconfig.pattern,
    {
      config: { access: KUBECONFIG_ACCESS },
      schema: {
        tags: ['clusters'],
        summary:
          "The caller's kubeconfig for the cluster's Kubernetes API, with a credential of their own (running clusters only; audited)",
        params: idParamsSchema,
        response: { 200: z.string(), ...changes },
      },
    },
    async (request, reply) => {
      const { name, yaml } = await clusters.kubeconfig(
        session(request),
        clientInfo(request),
        request.params.id,
      );
      return reply
        .type('application/yaml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-kubeconfig.yaml"`)
        .send(yaml);
    },
  );

  app.post(
    endpoints.clusters.rotateCredentials.pattern,
    {
      config: { access: 'orderer' },
      schema: {
        tags: ['clusters'],
        summary:
          "Revokes every person's kubeconfig of the cluster; each next download holds a new token",
        params: idParamsSchema,
        response: { 200: clusterSchema, ...changes },
      },
    },
    async (request) =>
      clusters.rotateCredentials(session(request), clientInfo(request), request.params.id),
  );
};
