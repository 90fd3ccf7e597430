import { z } from 'zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import { idParamsSchema, type PushMessage } from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { requireSession } from '../sessions/index.ts';

type ClusterPush = Omit<PushMessage & { type: 'cluster' }, 'organizationId'>;

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/**
 * A cluster's pushes as server-sent events, for a client that holds no WebSocket: an API token
 * with `clusters:read` follows provisioning live (`alpenkube clusters create --wait`). The first
 * event is the cluster as it is; each push of it follows as it happens, on whichever instance
 * made the change.
 */
export const clusterStreamRoutes = routePlugin({ tag: 'clusters' }, async (app, route) => {
  const { clusters, realtime } = app.services;
  // Ended when the server closes, so a shutdown does not wait for a client to hang up.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  route(
    endpoints.clusters.eventStream,
    {
      access: 'member',
      summary:
        'The cluster’s changes as server-sent events (text/event-stream): `cluster` events with its status, the running operation’s progress and the event logged; the first is the cluster as it is',
      params: idParamsSchema,
      answer: { 200: z.any().describe('text/event-stream') },
      refuses: [404],
    },
    async (request, reply) => {
      const { organizationId } = requireSession(request).user;
      const id = request.params.id;
      // Heard from before the cluster is read, so no push between the read and the first event
      // is lost (a push that the read already shows is sent again, which a reader takes as is).
      const early: ClusterPush[] = [];
      let send = (message: ClusterPush): void => void early.push(message);
      const stop = realtime.watchOrganization(organizationId, (message) => {
        if (message.type === 'cluster' && message.clusterId === id) send(message);
      });
      let cluster;
      try {
        cluster = await clusters.get(organizationId, id);
      } catch (error) {
        stop();
        throw error;
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      send = (message) => {
        raw.write(`event: cluster\ndata: ${JSON.stringify(message)}\n\n`);
      };
      send({
        type: 'cluster',
        clusterId: cluster.id,
        status: cluster.status,
        progress: cluster.operation ? cluster.operation.progress : null,
        event: null,
      });
      for (const message of early) send(message);
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS).unref();
      const end = () => {
        clearInterval(heartbeat);
        stop();
        open.delete(end);
        raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
});
