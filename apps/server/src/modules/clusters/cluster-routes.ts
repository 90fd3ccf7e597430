import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  addNodePoolSchema,
  clusterEventSchema,
  clusterListQuerySchema,
  clusterPageSchema,
  clusterSchema,
  clusterLoadBalancersSchema,
  clusterTopologySchema,
  clusterVolumesSchema,
  createLoadBalancerSchema,
  createVolumeSchema,
  deleteClusterSchema,
  idParamsSchema,
  renameClusterSchema,
  updateClusterExpirySchema,
  updateSleepScheduleSchema,
  updateMaintenanceSchema,
  updateClusterTagsSchema,
  updateApiAllowlistSchema,
  updateNodePoolLabelsSchema,
  updateNodePoolSchema,
  upgradeClusterSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';
import { KUBECONFIG_ACCESS } from './cluster-access.ts';

const poolParams = idParamsSchema.extend({
  poolId: idParamsSchema.shape.id,
});
const volumeParams = idParamsSchema.extend({ volumeId: idParamsSchema.shape.id });
const loadBalancerParams = idParamsSchema.extend({ loadBalancerId: idParamsSchema.shape.id });
const nodeParams = idParamsSchema.extend({
  nodeName: z.string().min(1).max(253),
});

/**
 * An organization's clusters. Members read them and download kubeconfigs; changes, which the
 * provider applies and which change what the cluster costs, need an active organization and a
 * verified address (`orderer`). Another organization's cluster is a 404.
 */
export const clusterRoutes = routePlugin({ tag: 'clusters' }, async (app, route) => {
  const { clusters } = app.services;
  const session = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user;

  route(
    endpoints.clusters.list,
    {
      access: 'member',
      summary: "The organization's clusters, filtered, sorted and a page at a time",
      query: clusterListQuerySchema,
      answer: { 200: clusterPageSchema },
      refuses: [404],
    },
    async (request) => clusters.list(session(request).organizationId, request.query),
  );

  route(
    endpoints.clusters.topologies,
    {
      access: 'member',
      summary: 'Every cluster of the organization as a graph: control plane, pools, nodes, add-ons',
      answer: { 200: z.array(clusterTopologySchema) },
      refuses: [404],
    },
    async (request) => clusters.topologies(session(request).organizationId),
  );

  route(
    endpoints.clusters.get,
    {
      access: 'member',
      summary: 'One cluster: node pools with their nodes, add-ons, endpoint, version, monthly cost',
      params: idParamsSchema,
      answer: { 200: clusterSchema },
      refuses: [404],
    },
    async (request) => clusters.get(session(request).organizationId, request.params.id),
  );

  route(
    endpoints.clusters.events,
    {
      access: 'member',
      summary: "The cluster's event log, oldest first (the newest 500)",
      params: idParamsSchema,
      answer: { 200: z.array(clusterEventSchema) },
      refuses: [404],
    },
    async (request) => clusters.events(session(request).organizationId, request.params.id),
  );

  route(
    endpoints.clusters.topology,
    {
      access: 'member',
      summary: 'The cluster as a graph: control plane, node pools, nodes and add-ons',
      params: idParamsSchema,
      answer: { 200: clusterTopologySchema },
      refuses: [404],
    },
    async (request) => clusters.topology(session(request).organizationId, request.params.id),
  );

  route(
    endpoints.clusters.rename,
    {
      access: 'orderer',
      summary: 'Renames the cluster',
      params: idParamsSchema,
      body: renameClusterSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.rename(session(request), clientInfo(request), request.params.id, request.body.name),
  );

  route(
    endpoints.clusters.updateExpiry,
    {
      access: 'orderer',
      summary:
        "Sets a preview (Dev/Test) cluster's expiry from now, or removes it: the cluster is deleted then",
      params: idParamsSchema,
      body: updateClusterExpirySchema,
      answer: { 200: clusterSchema },
      refuses: [404],
    },
    async (request) =>
      clusters.updateExpiry(
        session(request),
        clientInfo(request),
        request.params.id,
        request.body.expiresInHours,
      ),
  );

  route(
    endpoints.clusters.updateSleepSchedule,
    {
      access: 'orderer',
      summary:
        "Sets a Dev/Test cluster's sleep schedule (time zone, days, wake and sleep times), or removes it",
      params: idParamsSchema,
      body: updateSleepScheduleSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.updateSleepSchedule(
        session(request),
        clientInfo(request),
        request.params.id,
        request.body.schedule,
      ),
  );

  route(
    endpoints.clusters.updateMaintenance,
    {
      access: 'orderer',
      summary:
        "Sets a cluster's maintenance window (day, start hour, time zone) and whether patch releases are applied in it",
      params: idParamsSchema,
      body: updateMaintenanceSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.updateMaintenance(
        session(request),
        clientInfo(request),
        request.params.id,
        request.body,
      ),
  );

  route(
    endpoints.clusters.wake,
    {
      access: 'orderer',
      summary: 'Wakes a sleeping cluster now: its pools scale back, until its next sleep time',
      params: idParamsSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) => clusters.wake(session(request), clientInfo(request), request.params.id),
  );

  route(
    endpoints.clusters.updateNodePool,
    {
      access: 'orderer',
      summary: 'Scales a node pool, or sets its autoscaling limits (null turns autoscaling off)',
      params: poolParams,
      body: updateNodePoolSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
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

  route(
    endpoints.clusters.updateNodePoolLabels,
    {
      access: 'orderer',
      summary:
        "Sets a node pool's Kubernetes labels and taints, whole; its nodes carry them from then on (audited)",
      params: poolParams,
      body: updateNodePoolLabelsSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.updateNodePoolLabels(
        session(request),
        clientInfo(request),
        request.params.id,
        request.params.poolId,
        request.body,
      ),
  );

  route(
    endpoints.clusters.updateTags,
    {
      access: 'orderer',
      summary: "Sets the cluster's tags (cost allocation), whole (audited)",
      params: idParamsSchema,
      body: updateClusterTagsSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.updateTags(
        session(request),
        clientInfo(request),
        request.params.id,
        request.body.tags,
      ),
  );

  route(
    endpoints.clusters.updateApiAllowlist,
    {
      access: 'orderer',
      summary:
        "Sets the cluster's control-plane firewall: CIDRs allowed to reach its Kubernetes API, empty for all (audited)",
      params: idParamsSchema,
      body: updateApiAllowlistSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.updateApiAllowlist(
        session(request),
        clientInfo(request),
        request.params.id,
        request.body.cidrs,
      ),
  );

  route(
    endpoints.clusters.addNodePool,
    {
      access: 'orderer',
      summary: 'Adds a node pool',
      params: idParamsSchema,
      body: addNodePoolSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.addNodePool(session(request), clientInfo(request), request.params.id, request.body),
  );

  route(
    endpoints.clusters.removeNodePool,
    {
      access: 'orderer',
      summary: 'Removes a node pool and its nodes (never the last pool)',
      params: poolParams,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.removeNodePool(
        session(request),
        clientInfo(request),
        request.params.id,
        request.params.poolId,
      ),
  );

  route(
    endpoints.clusters.upgrade,
    {
      access: 'orderer',
      summary: 'Upgrades Kubernetes by one minor version (never down)',
      params: idParamsSchema,
      body: upgradeClusterSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.upgrade(
        session(request),
        clientInfo(request),
        request.params.id,
        request.body.version,
      ),
  );

  route(
    endpoints.clusters.recycleNode,
    {
      access: 'orderer',
      summary: 'Drains a node and replaces it',
      params: nodeParams,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.recycleNode(
        session(request),
        clientInfo(request),
        request.params.id,
        request.params.nodeName,
      ),
  );

  route(
    endpoints.clusters.delete,
    {
      access: 'orderer',
      summary: "Deletes the cluster; the body repeats the cluster's name",
      params: idParamsSchema,
      body: deleteClusterSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.delete(session(request), clientInfo(request), request.params.id, request.body.name),
  );

  route(
    endpoints.clusters.kubeconfig,
    {
      access: KUBECONFIG_ACCESS,
      summary:
        "The caller's kubeconfig for the cluster's Kubernetes API, with a credential of their own (running clusters only; audited)",
      params: idParamsSchema,
      answer: { 200: z.string() },
      refuses: [404, 409],
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

  route(
    endpoints.clusters.rotateCredentials,
    {
      access: 'orderer',
      summary:
        "Revokes every person's kubeconfig of the cluster; each next download holds a new token",
      params: idParamsSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.rotateCredentials(session(request), clientInfo(request), request.params.id),
  );

  route(
    endpoints.clusters.volumes,
    {
      access: 'member',
      summary: "The cluster's volumes: its nodes' disks and its persistent volumes",
      params: idParamsSchema,
      answer: { 200: clusterVolumesSchema },
      refuses: [404],
    },
    async (request) => clusters.volumes(session(request).organizationId, request.params.id),
  );

  route(
    endpoints.clusters.createVolume,
    {
      access: 'orderer',
      summary: 'Creates a persistent volume, billed by the GB-hour from now (audited)',
      params: idParamsSchema,
      body: createVolumeSchema,
      answer: { 200: clusterVolumesSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.createVolume(session(request), clientInfo(request), request.params.id, request.body),
  );

  route(
    endpoints.clusters.deleteVolume,
    {
      access: 'orderer',
      summary: 'Deletes a persistent volume; its storage is billed up to now (audited)',
      params: volumeParams,
      answer: { 200: clusterVolumesSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.deleteVolume(
        session(request),
        clientInfo(request),
        request.params.id,
        request.params.volumeId,
      ),
  );

  route(
    endpoints.clusters.loadBalancers,
    {
      access: 'member',
      summary: "The cluster's load balancers, with their egress this month",
      params: idParamsSchema,
      answer: { 200: clusterLoadBalancersSchema },
      refuses: [404],
    },
    async (request) => clusters.loadBalancers(session(request).organizationId, request.params.id),
  );

  route(
    endpoints.clusters.createLoadBalancer,
    {
      access: 'orderer',
      summary: 'Creates a load balancer with a public address; its egress is billed (audited)',
      params: idParamsSchema,
      body: createLoadBalancerSchema,
      answer: { 200: clusterLoadBalancersSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.createLoadBalancer(
        session(request),
        clientInfo(request),
        request.params.id,
        request.body,
      ),
  );

  route(
    endpoints.clusters.deleteLoadBalancer,
    {
      access: 'orderer',
      summary: 'Deletes a load balancer and releases its address (audited)',
      params: loadBalancerParams,
      answer: { 200: clusterLoadBalancersSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.deleteLoadBalancer(
        session(request),
        clientInfo(request),
        request.params.id,
        request.params.loadBalancerId,
      ),
  );
});
