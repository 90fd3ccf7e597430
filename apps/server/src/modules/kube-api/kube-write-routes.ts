import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KubeClusterView, KubeObject } from './kube-types.ts';
import type { KubeResource } from './kube-resources.ts';
import { namespacesResource, servicesResource } from './kube-resources.ts';
import {
  claimsResource,
  configMapsResource,
  deploymentsResource,
  secretsResource,
} from './kube-manifest-resources.ts';
import { clusterObjects } from './kube-objects.ts';
import { failure, methodNotAllowed, objectNotFound, type KubeStatus } from './kube-status.ts';
import { KubeRefusal } from './kube-store.ts';
import {
  createObject,
  replaceObject,
  visibleOf,
  type Target,
  type WritableResource,
  type WriteRequest,
} from './kube-writes.ts';
import { deleteObject, finishTerminating } from './kube-deletes.ts';
import { PATCH_TYPES, patchObject, scaleOf, scaleTo, type PatchType } from './kube-patches.ts';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** What the cluster API's plugin lends these routes. */
export interface WriteRouteContext {
  route: { config: { access: 'anyone' }; schema: { hide: boolean } };
  clusterOf: (request: FastifyRequest) => KubeClusterView;
  sendStatus: (reply: FastifyReply, status: KubeStatus) => unknown;
  /** A list and a single object read of a resource, with the plugin's selectors and tables. */
  list: <T extends KubeObject>(resource: KubeResource<T>, inNamespace: boolean) => Handler;
  one: <T extends KubeObject>(resource: KubeResource<T>) => Handler;
}

type Params = { namespace?: string; name?: string };

const jsonBody =
  (type: string) =>
  (
    _request: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => {
    try {
      done(null, JSON.parse(body));
    } catch {
      const refused = new Error(
        type === 'application/apply-patch+yaml'
          ? 'the applied configuration must be sent as JSON (which is YAML too)'
          : 'the body of the request was in an unknown format',
      ) as Error & { statusCode: number };
      refused.statusCode = type === 'application/apply-patch+yaml' ? 415 : 400;
      done(refused);
    }
  };

/**
 * The writes: POST a new object, PUT one whole, PATCH it (every patch type, server-side apply
 * included), DELETE it, and the reads of the resources only clients write. Each write is
 * refused before its body is read when the cluster keeps nothing (405) or the credential's
 * holder may not change clusters (403).
 */
export function registerWriteRoutes(app: FastifyInstance, context: WriteRouteContext) {
  const { route, clusterOf, sendStatus } = context;
  for (const type of Object.keys(PATCH_TYPES)) {
    app.addContentTypeParser(type, { parseAs: 'string' }, jsonBody(type));
  }

  const mayWrite = async (request: FastifyRequest, reply: FastifyReply) => {
    const store = clusterOf(request).store;
    if (!store) {
      return sendStatus(
        reply,
        methodNotAllowed(
          'the server does not allow this method on the requested resource (the simulated Kubernetes API is read-only)',
        ),
      );
    }
    if (store.writeRefusal) return sendStatus(reply, failure(403, 'Forbidden', store.writeRefusal));
  };
  const writeRoute = { ...route, onRequest: mayWrite };
  // A namespace being deleted is finished by the next request that is not a deletion: kubectl's
  // wait for it (a list) sees it gone, and the objects deleted with it stop being billed.
  app.addHook('preHandler', async (request) => {
    const store = clusterOf(request)?.store;
    if (request.method !== 'DELETE' && store) await finishTerminating(store, clientOf(request));
  });

  const clientOf = (request: FastifyRequest) => ({
    ip: request.socket.remoteAddress ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const requestOf = (request: FastifyRequest): WriteRequest => {
    const cluster = clusterOf(request);
    const now = new Date();
    return {
      cluster,
      store: cluster.store!,
      objects: clusterObjects(cluster, now),
      client: clientOf(request),
      now,
    };
  };
  const targetOf = (resource: WritableResource, request: FastifyRequest): Target => {
    const params = request.params as Params;
    return { resource, namespace: params.namespace, name: params.name };
  };
  const patchTypeOf = (request: FastifyRequest): PatchType | null => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    return PATCH_TYPES[type as keyof typeof PATCH_TYPES] ?? null;
  };
  const fieldManagerOf = (request: FastifyRequest) => {
    const value = (request.query as Record<string, unknown>).fieldManager;
    return typeof value === 'string' && value ? value : undefined;
  };

  const answer =
    (work: (request: FastifyRequest) => Promise<unknown>, code = 200): Handler =>
    async (request, reply) => {
      try {
        return reply.code(code).send(await work(request));
      } catch (error) {
        if (error instanceof KubeRefusal) return sendStatus(reply, error.status);
        throw error;
      }
    };
  const unsupportedPatch = () =>
    new KubeRefusal(
      failure(
        415,
        'UnsupportedMediaType',
        'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json',
      ),
    );

  const register = <T extends KubeObject>(
    resource: KubeResource<T>,
    base: string,
    collection: string,
    item: string,
  ) => {
    app.post(
      collection,
      writeRoute,
      answer(
        (request) => createObject(requestOf(request), targetOf(resource, request), request.body),
        201,
      ),
    );
    app.put(
      item,
      writeRoute,
      answer((request) =>
        replaceObject(requestOf(request), targetOf(resource, request), request.body),
      ),
    );
    app.patch(
      item,
      writeRoute,
      answer(async (request) => {
        const type = patchTypeOf(request);
        if (!type) throw unsupportedPatch();
        return patchObject(
          requestOf(request),
          targetOf(resource, request),
          type,
          request.body,
          fieldManagerOf(request),
        );
      }),
    );
    app.delete(
      item,
      writeRoute,
      answer((request) => deleteObject(requestOf(request), targetOf(resource, request))),
    );
    if (base) {
      app.get(base, route, context.list(resource, false));
      app.get(collection, route, context.list(resource, true));
      app.get(item, route, context.one(resource));
    }
  };

  register(namespacesResource, '', '/api/v1/namespaces', '/api/v1/namespaces/:name');
  register(
    servicesResource,
    '',
    '/api/v1/namespaces/:namespace/services',
    '/api/v1/namespaces/:namespace/services/:name',
  );
  for (const resource of [configMapsResource, secretsResource, claimsResource]) {
    const collection = `/api/v1/namespaces/:namespace/${resource.name}`;
    register(resource, `/api/v1/${resource.name}`, collection, `${collection}/:name`);
  }
  const deployments = '/apis/apps/v1/namespaces/:namespace/deployments';
  register(deploymentsResource, '/apis/apps/v1/deployments', deployments, `${deployments}/:name`);

  // The scale subresource, as `kubectl scale` reads and writes it.
  const scale = `${deployments}/:name/scale`;
  const deploymentTarget = (request: FastifyRequest) => targetOf(deploymentsResource, request);
  app.get(
    scale,
    route,
    answer(async (request) => {
      const target = deploymentTarget(request);
      const deployment = visibleOf(requestOf(request), target, target.name!);
      if (!deployment) throw new KubeRefusal(objectNotFound('deployments.apps', target.name!));
      return scaleOf(deployment as never);
    }),
  );
  app.put(
    scale,
    writeRoute,
    answer((request) =>
      scaleTo(requestOf(request), deploymentTarget(request), {
        type: 'replace',
        body: request.body,
      }),
    ),
  );
  app.patch(
    scale,
    writeRoute,
    answer((request) => {
      const type = patchTypeOf(request);
      if (!type) throw unsupportedPatch();
      return scaleTo(requestOf(request), deploymentTarget(request), { type, body: request.body });
    }),
  );
}
