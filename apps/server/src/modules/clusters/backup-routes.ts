import { endpoints } from '@alpenkube/contract/endpoints';
import {
  backupParamsSchema,
  backupSchema,
  clusterBackupsSchema,
  clusterSchema,
  idParamsSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

/**
 * A cluster's etcd backups: members read them; taking one and restoring from one need an
 * orderer, as every change of a cluster does. Another organization's cluster is a 404.
 */
export const clusterBackupRoutes = routePlugin({ tag: 'clusters' }, async (app, route) => {
  const { clusters } = app.services;
  const session = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user;

  route(
    endpoints.clusters.backups,
    {
      access: 'member',
      summary: "The tier's backup schedule and the cluster's etcd backups, newest first",
      params: idParamsSchema,
      answer: { 200: clusterBackupsSchema },
      refuses: [404],
    },
    async (request) => clusters.listBackups(session(request).organizationId, request.params.id),
  );

  route(
    endpoints.clusters.takeBackup,
    {
      access: 'orderer',
      summary:
        'Takes an etcd backup now, besides the schedule (running clusters of tiers with backups)',
      params: idParamsSchema,
      answer: { 201: backupSchema },
      refuses: [404, 409],
    },
    async (request, reply) => {
      const backup = await clusters.takeBackup(
        session(request),
        clientInfo(request),
        request.params.id,
      );
      return reply.code(201).send(backup);
    },
  );

  route(
    endpoints.clusters.restoreBackup,
    {
      access: 'orderer',
      summary:
        'Restores etcd from a completed backup: an operation, the cluster updating meanwhile',
      params: backupParamsSchema,
      answer: { 200: clusterSchema },
      refuses: [404, 409],
    },
    async (request) =>
      clusters.restoreBackup(
        session(request),
        clientInfo(request),
        request.params.id,
        request.params.backupId,
      ),
  );
});
