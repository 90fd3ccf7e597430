import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import type { KubeClusterView, KubeObject, ResolveKubeCluster } from './kube-types.ts';
import { getAnswer, listAnswer, type Answer, type ReadRequest } from './kube-answers.ts';
import {
  apiGroupList,
  apiVersions,
  appsGroup,
  appsResourceList,
  coreResourceList,
  versionInfo,
} from './kube-discovery.ts';
import { KubeRefusal } from './kube-store.ts';
import { openApiDocument, openApiIndex } from './kube-openapi.ts';
import { registerWriteRoutes } from './kube-write-routes.ts';
import { allowedBy } from './kube-firewall.ts';
import {
  metricsGroup,
  metricsResourceList,
  nodeMetricsList,
  nodeMetricsOne,
} from './kube-metrics.ts';
import { clusterObjects, type ClusterObjects } from './kube-objects.ts';
import {
  namespacesResource,
  nodesResource,
  podsResource,
  persistentVolumesResource,
  servicesResource,
  type KubeResource,
} from './kube-resources.ts';
import {
  failure,
  firewallStatus,
  methodNotAllowed,
  pathNotFound,
  unauthorizedStatus,
  type KubeStatus,
} from './kube-status.ts';

/** Where each cluster's API server lives; a kubeconfig's `server` is PUBLIC_URL + this. */
export const KUBE_API_PREFIX = '/k8s/clusters/:clusterId';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const REASONS: Record<number, string> = {
  400: 'BadRequest',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
};

/** Public to anyone as far as sessions go: the bearer token is checked by the module itself. */
const route = { config: { access: 'anyone' as const }, schema: { hide: true } };

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function clusterIdOf(request: FastifyRequest): number | null {
  const raw = (request.params as { clusterId?: string }).clusterId ?? '';
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

const send = (reply: FastifyReply, answer: Answer) => reply.code(answer.code).send(answer.body);
const sendStatus = (reply: FastifyReply, status: KubeStatus) =>
  reply.code(status.code).send(status);

/**
 * Errors thrown anywhere on these routes (a resolver that fails, a body Fastify refuses, a
 * global guard) answer a Status, the only error shape kubectl reads, instead of `{ message }`.
 */
function answerErrorsAsStatus(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof KubeRefusal) return sendStatus(reply, error.status);
    const code = error.statusCode ?? 500;
    if (code >= 500) {
      request.log.error({ err: error }, 'kube api request failed');
      return sendStatus(
        reply,
        failure(
          500,
          'InternalError',
          'an error on the server has prevented the request from succeeding',
        ),
      );
    }
    if (error instanceof HttpError) reply.headers(error.headers);
    return sendStatus(reply, failure(code, REASONS[code] ?? 'Unknown', error.message));
  });
}

const readOnly = () =>
  methodNotAllowed(
    'the server does not allow this method on the requested resource (the simulated Kubernetes API is read-only)',
  );

const refuseWrite = async (_request: FastifyRequest, reply: FastifyReply) =>
  sendStatus(reply, readOnly());

type Params = { name?: string; namespace?: string };

/** The routes under one cluster's API path, every one behind its bearer token. */
function clusterApi(resolve: ResolveKubeCluster): FastifyPluginAsync {
  return async (app) => {
    const clusters = new WeakMap<FastifyRequest, KubeClusterView>();
    answerErrorsAsStatus(app);

    // Before anything else: an unknown caller learns nothing, not even whether the cluster
    // exists. Everything is derived from what the resolver answers now, so a node the platform
    // adds is listed on the next call.
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const clusterId = clusterIdOf(request);
      const token = bearerToken(request);
      const cluster =
        clusterId !== null && token ? await resolve(clusterId, token, request.ip ?? null) : null;
      if (!cluster) return sendStatus(reply, unauthorizedStatus());
      // The control-plane firewall, after the token so a stranger still learns nothing. It reads
      // the socket's own address, never request.ip: behind `trustProxy` that comes from
      // X-Forwarded-For, which any client that reaches the listener directly can forge.
      if (!allowedBy(cluster.apiAllowlist, request.socket.remoteAddress)) {
        return sendStatus(reply, firewallStatus());
      }
      clusters.set(request, cluster);
    });

    const clusterOf = (request: FastifyRequest) => clusters.get(request)!;

    /** What a read needs: the request's query, its Accept header, the time, the objects. */
    const readOf = <T extends KubeObject>(
      request: FastifyRequest,
      pick: (all: ClusterObjects, params: Params) => T[],
    ) => {
      const read: ReadRequest = {
        query: request.query as Record<string, unknown>,
        accept: request.headers.accept,
        now: new Date(),
      };
      const params = request.params as Params;
      return { read, params, objects: pick(clusterObjects(clusterOf(request), read.now), params) };
    };
    const listOf =
      <T extends KubeObject>(
        resource: KubeResource<T>,
        pick: (all: ClusterObjects, params: Params) => T[],
      ) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { read, objects } = readOf(request, pick);
        return send(reply, listAnswer(resource, objects, read));
      };
    const oneOf =
      <T extends KubeObject>(
        resource: KubeResource<T>,
        pick: (all: ClusterObjects, params: Params) => T[],
      ) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { read, params, objects } = readOf(request, pick);
        return send(reply, getAnswer(resource, objects, params.name!, read));
      };
    const nodes = (all: ClusterObjects) => all.nodes;
    const namespaces = (all: ClusterObjects) => all.namespaces;
    const pods = (all: ClusterObjects) => all.pods;
    // A namespace that does not exist has no pods, as on a real cluster: an empty list.
    const podsIn = (all: ClusterObjects, params: Params) =>
      all.pods.filter((pod) => pod.metadata.namespace === params.namespace);

    app.get('/version', route, async (request) => versionInfo(clusterOf(request)));
    app.get('/api', route, async () => apiVersions());
    app.get('/apis', route, async (request) =>
      apiGroupList(clusterOf(request).nodeUsage ? [appsGroup(), metricsGroup()] : [appsGroup()]),
    );
    app.get('/api/v1', route, async () => coreResourceList());
    app.get('/apis/apps', route, async () => ({
      kind: 'APIGroup',
      apiVersion: 'v1',
      ...appsGroup(),
    }));
    app.get('/apis/apps/v1', route, async () => appsResourceList());
    app.get('/openapi/v3', route, async () => openApiIndex());
    app.get('/openapi/v3/*', route, async (request, reply) => {
      const document = openApiDocument((request.params as { '*': string })['*']);
      return document ?? sendStatus(reply, pathNotFound());
    });
    registerWriteRoutes(app, {
      route,
      clusterOf,
      sendStatus,
      list: (resource, inNamespace) =>
        listOf(resource, (all, params) =>
          resource
            .objects(all)
            .filter((object) => !inNamespace || object.metadata.namespace === params.namespace),
        ),
      one: (resource) =>
        oneOf(resource, (all, params) =>
          resource
            .objects(all)
            .filter((object) => (object.metadata.namespace ?? '') === (params.namespace ?? '')),
        ),
    });

    app.get('/api/v1/nodes', route, listOf(nodesResource, nodes));
    app.get('/api/v1/nodes/:name', route, oneOf(nodesResource, nodes));
    app.get('/api/v1/namespaces', route, listOf(namespacesResource, namespaces));
    app.get('/api/v1/namespaces/:name', route, oneOf(namespacesResource, namespaces));
    app.get('/api/v1/pods', route, listOf(podsResource, pods));
    app.get('/api/v1/namespaces/:namespace/pods', route, listOf(podsResource, podsIn));
    app.get('/api/v1/namespaces/:namespace/pods/:name', route, oneOf(podsResource, podsIn));
    const persistentVolumes = (all: ClusterObjects) => all.persistentVolumes;
    const services = (all: ClusterObjects) => all.services;
    const servicesIn = (all: ClusterObjects, params: Params) =>
      all.services.filter((service) => service.metadata.namespace === params.namespace);
    app.get(
      '/api/v1/persistentvolumes',
      route,
      listOf(persistentVolumesResource, persistentVolumes),
    );
    app.get(
      '/api/v1/persistentvolumes/:name',
      route,
      oneOf(persistentVolumesResource, persistentVolumes),
    );
    app.get('/api/v1/services', route, listOf(servicesResource, services));
    app.get('/api/v1/namespaces/:namespace/services', route, listOf(servicesResource, servicesIn));
    app.get(
      '/api/v1/namespaces/:namespace/services/:name',
      route,
      oneOf(servicesResource, servicesIn),
    );

    // The resource metrics API (`kubectl top nodes`), only where the provider gives metrics:
    // elsewhere these paths are unknown, as on a cluster without metrics-server.
    const withMetrics =
      (answer: (cluster: KubeClusterView, request: FastifyRequest) => Promise<Answer> | Answer) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const cluster = clusterOf(request);
        if (!cluster.nodeUsage) return sendStatus(reply, pathNotFound());
        return send(reply, await answer(cluster, request));
      };
    app.get(
      '/apis/metrics.k8s.io',
      route,
      withMetrics(() => ({
        code: 200,
        body: { kind: 'APIGroup', apiVersion: 'v1', ...metricsGroup() },
      })),
    );
    app.get(
      '/apis/metrics.k8s.io/v1beta1',
      route,
      withMetrics(() => ({ code: 200, body: metricsResourceList() })),
    );
    app.get(
      '/apis/metrics.k8s.io/v1beta1/nodes',
      route,
      withMetrics((cluster, request) => {
        const { read, objects } = readOf(request, nodes);
        return nodeMetricsList(cluster, objects, read);
      }),
    );
    app.get(
      '/apis/metrics.k8s.io/v1beta1/nodes/:name',
      route,
      withMetrics((cluster, request) => {
        const { read, params, objects } = readOf(request, nodes);
        return nodeMetricsOne(cluster, objects, params.name!, read);
      }),
    );

    // Anything else under the cluster's path is a resource or group this API does not serve
    // (kubectl asks for some, e.g. /openapi/v2 for `kubectl explain`).
    app.get('/*', route, async (_request, reply) => sendStatus(reply, pathNotFound()));
    // A write is refused before its body is read: a patch's content type is not one the app
    // parses, which would answer 415 instead. The handler only completes the route.
    app.route({
      ...route,
      method: WRITE_METHODS,
      url: '/*',
      onRequest: refuseWrite,
      handler: refuseWrite,
    });
  };
}

/**
 * Any other path under /k8s/ is no cluster's API: a client that asks (a kubeconfig with a wrong
 * server path) reads a Status 404, never the web app's page.
 */
const outsideClusters: FastifyPluginAsync = async (app) => {
  answerErrorsAsStatus(app);
  const notFound = async (_request: FastifyRequest, reply: FastifyReply) =>
    sendStatus(reply.header('cache-control', 'no-store'), pathNotFound());
  for (const url of ['/k8s', '/k8s/*']) {
    // Answered before a body is read, as the writes under a cluster's path are.
    app.route({
      ...route,
      method: ['GET', ...WRITE_METHODS],
      url,
      onRequest: notFound,
      handler: notFound,
    });
  }
};

/**
 * The simulated Kubernetes API of every running cluster, at `/k8s/clusters/<id>/…`: register
 * it as it is (`app.register(kubeApiRoutes(resolve))`), with no prefix of your own.
 */
export function kubeApiRoutes(resolve: ResolveKubeCluster): FastifyPluginAsync {
  return async (app) => {
    await app.register(clusterApi(resolve), { prefix: KUBE_API_PREFIX });
    await app.register(outsideClusters);
  };
}
