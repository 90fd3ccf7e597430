import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeApiRoutes } from './index.ts';
import type { KubeClusterView } from './kube-types.ts';
import { registerAppHooks, testCluster } from './test-support.ts';

const TOKEN = 'route-test-token';
const TABLE =
  'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
const AGGREGATED =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';
const auth = { authorization: `Bearer ${TOKEN}` };

describe('kube api routes', () => {
  let app: FastifyInstance;
  let cluster: KubeClusterView | Error;
  const calls: [number, string][] = [];
  const accessOf = new Map<string, unknown>();

  beforeAll(async () => {
    cluster = testCluster();
    app = Fastify();
    await registerAppHooks(app);
    app.addHook('onRoute', (route: RouteOptions) => {
      accessOf.set(`${String(route.method)} ${route.url}`, route.config?.access);
    });
    await app.register(
      kubeApiRoutes(async (clusterId, token) => {
        calls.push([clusterId, token]);
        if (cluster instanceof Error) throw cluster;
        return clusterId === 7 && token === TOKEN ? cluster : null;
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = auth) =>
    app.inject({ method: 'GET', url: `/k8s/clusters/7${url}`, headers });

  it('declares every route open to anyone, as its own token guards it', () => {
    expect(accessOf.size).toBeGreaterThan(10);
    for (const [route, access] of accessOf) expect(access, route).toBe('anyone');
  });

  it('answers 401 with a Status, asking the resolver only for a numeric id and a token', async () => {
    const unauthorized = {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      message: 'Unauthorized',
      reason: 'Unauthorized',
      code: 401,
    };
    calls.length = 0;
    for (const response of [
      await get('/api/v1/nodes', {}),
      await get('/api/v1/nodes', { authorization: 'Basic dXNlcjpwYXNz' }),
      await get('/api/v1/nodes', { authorization: 'Bearer wrong' }),
      await app.inject({ url: '/k8s/clusters/seven/api/v1/nodes', headers: auth }),
      await app.inject({ url: '/k8s/clusters/007/version', headers: auth }),
      await app.inject({ method: 'DELETE', url: '/k8s/clusters/7/api/v1/nodes/x' }),
      await get('/no/such/path', {}),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject(unauthorized);
    }
    expect(calls).toEqual([[7, 'wrong']]);
  });

  it("refuses a caller outside the cluster's allowlist with a 403 Status, by the socket's address", async () => {
    const open = cluster;
    try {
      cluster = testCluster({ apiAllowlist: ['10.0.0.0/8', '2001:db8::/32'] });
      const from = (remoteAddress: string, headers: Record<string, string> = auth) =>
        app.inject({ url: '/k8s/clusters/7/api/v1/nodes', headers, remoteAddress });
      const refused = await from('127.0.0.1', { ...auth, 'x-forwarded-for': '10.0.0.1' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
      expect((await from('10.9.8.7')).statusCode).toBe(200);
      expect((await from('2001:db8::5')).statusCode).toBe(200);
      // A wrong token is still 401 from anywhere: the firewall tells a stranger nothing.
      expect((await from('127.0.0.1', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
      cluster = testCluster({ apiAllowlist: ['10.0.0.0/8', '127.0.0.1/32'] });
      expect((await from('127.0.0.1')).statusCode).toBe(200);
    } finally {
      cluster = open;
    }
  });

  it("answers a Status 404 for any /k8s path that is no cluster's API, asking no resolver", async () => {
    calls.length = 0;
    for (const [method, url] of [
      ['GET', '/k8s'],
      ['GET', '/k8s/'],
      ['GET', '/k8s/clusters'],
      ['GET', '/k8s/clusters/7'],
      ['GET', '/k8s/anything/else?x=1'],
      ['DELETE', '/k8s/clusters'],
      ['POST', '/k8s/other'],
    ] as const) {
      const response = await app.inject({ method, url, headers: auth, payload: 'x'.repeat(10) });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toMatchObject({
        kind: 'Status',
        reason: 'NotFound',
        message: 'the server could not find the requested resource',
        code: 404,
      });
    }
    expect(calls).toEqual([]);
  });

  it('serves metrics.k8s.io (kubectl top) only where the provider gives node usage', async () => {
    const open = cluster;
    expect((await get('/apis/metrics.k8s.io/v1beta1/nodes')).statusCode).toBe(404);
    const asked: Date[] = [];
    cluster = testCluster({
      nodeUsage: async (at) => {
        asked.push(at);
        // The joining GPU node has no sample yet.
        return new Map([
          ['prod-eu-default-1a2b3', { cpuMillis: 250, memoryBytes: 1024 ** 3 }],
          ['prod-eu-default-4c5d6', { cpuMillis: 1200, memoryBytes: 3 * 1024 ** 3 + 4096 }],
        ]);
      },
    });
    try {
      expect((await get('/apis')).json()).toMatchObject({
        groups: [
          { name: 'apps', preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } },
          {
            name: 'metrics.k8s.io',
            preferredVersion: { groupVersion: 'metrics.k8s.io/v1beta1', version: 'v1beta1' },
          },
        ],
      });
      expect((await get('/apis/metrics.k8s.io/v1beta1')).json()).toMatchObject({
        kind: 'APIResourceList',
        groupVersion: 'metrics.k8s.io/v1beta1',
        resources: [{ name: 'nodes', kind: 'NodeMetrics', namespaced: false }],
      });
      const list = (await get('/apis/metrics.k8s.io/v1beta1/nodes')).json();
      expect(list).toMatchObject({ kind: 'NodeMetricsList', apiVersion: 'metrics.k8s.io/v1beta1' });
      expect(list.items.map((item: { usage: unknown }) => item.usage)).toEqual([
        { cpu: '250m', memory: '1048576Ki' },
        { cpu: '1200m', memory: '3145732Ki' },
      ]);
      // The sample's minute, over a one-minute window.
      expect(list.items[0]).toMatchObject({
        window: '1m0s',
        timestamp: expect.stringMatching(/:00Z$/),
      });
      const selected = await get(
        '/apis/metrics.k8s.io/v1beta1/nodes?labelSelector=topology.kubernetes.io%2Fzone%3Deu-de-fra-2',
      );
      expect(
        selected.json().items.map((item: { metadata: { name: string } }) => item.metadata.name),
      ).toEqual(['prod-eu-default-4c5d6']);
      const one = await get('/apis/metrics.k8s.io/v1beta1/nodes/prod-eu-default-1a2b3');
      expect(one.json()).toMatchObject({ kind: 'NodeMetrics', usage: { cpu: '250m' } });
      const none = await get('/apis/metrics.k8s.io/v1beta1/nodes/prod-eu-gpu-7e8f9');
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ kind: 'Status', reason: 'NotFound' });
      expect(asked.length).toBeGreaterThan(0);
    } finally {
      cluster = open;
    }
  });

  it('answers legacy discovery as plain JSON when aggregated discovery is asked for', async () => {
    const WRITES = ['create', 'delete', 'get', 'list', 'patch', 'update'];
    const api = await get('/api', { ...auth, accept: AGGREGATED });
    expect(api.headers['content-type']).toMatch(/^application\/json(;|$)/);
    expect(api.json()).toEqual({ kind: 'APIVersions', versions: ['v1'] });
    expect((await get('/apis', { ...auth, accept: AGGREGATED })).json()).toMatchObject({
      kind: 'APIGroupList',
      groups: [{ name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }] }],
    });
    const resources = (await get('/api/v1')).json() as {
      resources: { name: string; namespaced: boolean; shortNames: string[]; verbs: string[] }[];
    };
    expect(resources.resources.map((r) => [r.name, r.namespaced, r.shortNames, r.verbs])).toEqual([
      ['configmaps', true, ['cm'], WRITES],
      ['namespaces', false, ['ns'], WRITES],
      ['nodes', false, ['no'], ['get', 'list']],
      ['persistentvolumeclaims', true, ['pvc'], WRITES],
      ['persistentvolumes', false, ['pv'], ['get', 'list']],
      ['pods', true, ['po'], ['get', 'list']],
      ['secrets', true, [], WRITES],
      ['services', true, ['svc'], WRITES],
    ]);
    expect((await get('/version')).json()).toMatchObject({
      major: '1',
      minor: '31',
      gitVersion: 'v1.31.4',
      platform: 'linux/amd64',
    });
  });

  it("serves the OpenAPI v3 documents kubectl's default validation reads before a write", async () => {
    const index = (await get('/openapi/v3')).json() as {
      paths: Record<string, { serverRelativeURL: string }>;
    };
    expect(index.paths).toEqual({
      'api/v1': { serverRelativeURL: '/openapi/v3/api/v1' },
      'apis/apps/v1': { serverRelativeURL: '/openapi/v3/apis/apps/v1' },
    });
    type Operation = {
      'x-kubernetes-group-version-kind': object;
      parameters: { name: string; in: string }[];
    };
    const apps = (await get('/openapi/v3/apis/apps/v1')).json() as {
      paths: Record<string, { patch?: Operation }>;
    };
    // What kubectl looks for: the kind's PATCH, tagged with its kind, taking fieldValidation.
    const patch = apps.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}']!.patch!;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({
      group: 'apps',
      version: 'v1',
      kind: 'Deployment',
    });
    expect(patch.parameters).toContainEqual(
      expect.objectContaining({ name: 'fieldValidation', in: 'query' }),
    );
    const core = (await get('/openapi/v3/api/v1')).json() as { paths: Record<string, object> };
    expect(core.paths).toHaveProperty('/api/v1/namespaces/{name}');
    expect(core.paths).toHaveProperty('/api/v1/namespaces/{namespace}/configmaps/{name}');
    const unknown = await get('/openapi/v3/apis/networking.k8s.io/v1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ kind: 'Status', reason: 'NotFound' });
  });

  it('answers a Table when kubectl asks for one, with wide columns at priority 1', async () => {
    const response = await get('/api/v1/nodes', { ...auth, accept: TABLE });
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ kind: 'Table', apiVersion: 'meta.k8s.io/v1' });
    expect(
      body.columnDefinitions.map((c: { name: string; priority: number }) => [c.name, c.priority]),
    ).toEqual([
      ['Name', 0],
      ['Status', 0],
      ['Roles', 0],
      ['Age', 0],
      ['Version', 0],
      ['Internal-IP', 1],
      ['External-IP', 1],
      ['OS-Image', 1],
      ['Kernel-Version', 1],
      ['Container-Runtime', 1],
    ]);
    expect(body.rows[0].cells.slice(0, 5)).toEqual([
      'prod-eu-default-1a2b3',
      'Ready',
      '<none>',
      '10d',
      'v1.31.4',
    ]);
    expect(body.rows[0].object).toMatchObject({
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { name: 'prod-eu-default-1a2b3' },
    });

    const full = (
      await get('/api/v1/nodes?includeObject=Object', { ...auth, accept: TABLE })
    ).json();
    expect(full.rows[0].object).toMatchObject({ kind: 'Node', status: { nodeInfo: {} } });
    const bare = (await get('/api/v1/nodes?includeObject=None', { ...auth, accept: TABLE })).json();
    expect(bare.rows[0]).not.toHaveProperty('object');
    const old = (
      await get('/api/v1/namespaces', {
        ...auth,
        accept: 'application/json;as=Table;v=v1beta1;g=meta.k8s.io, application/json',
      })
    ).json();
    expect(old.apiVersion).toBe('meta.k8s.io/v1beta1');
    expect(old.columnDefinitions.map((c: { name: string }) => c.name)).toEqual([
      'Name',
      'Status',
      'Age',
    ]);
  });

  it("prints the customer's persistent volumes and load balancers as kubectl's printers do", async () => {
    const volumes = (await get('/api/v1/persistentvolumes', { ...auth, accept: TABLE })).json();
    expect(volumes.columnDefinitions.map((c: { name: string }) => c.name)).toEqual([
      'Name',
      'Capacity',
      'Access Modes',
      'Reclaim Policy',
      'Status',
      'Claim',
      'StorageClass',
      'VolumeAttributesClass',
      'Reason',
      'Age',
      'VolumeMode',
    ]);
    expect(volumes.rows[0].cells).toEqual([
      'data',
      '100Gi',
      'RWO',
      'Delete',
      'Available',
      '',
      'alpenkube-ssd',
      '<unset>',
      '',
      '2d',
      'Filesystem',
    ]);
    const services = (await get('/api/v1/services', { ...auth, accept: TABLE })).json();
    expect(services.rows.map((row: { cells: unknown[] }) => row.cells.slice(0, 5))).toEqual([
      ['kubernetes', 'ClusterIP', '10.96.0.1', '<none>', '443/TCP'],
      [
        'web',
        'LoadBalancer',
        expect.stringMatching(/^10\.96\./),
        '203.0.113.10',
        expect.stringMatching(/^80:3\d{4}\/TCP,443:3\d{4}\/TCP$/),
      ],
      ['kube-dns', 'ClusterIP', '10.96.0.10', '<none>', '53/UDP,53/TCP,9153/TCP'],
    ]);
    const inDefault = (await get('/api/v1/namespaces/default/services/web')).json();
    expect(inDefault).toMatchObject({
      kind: 'Service',
      spec: { type: 'LoadBalancer' },
      status: { loadBalancer: { ingress: [{ ip: '203.0.113.10' }] } },
    });
    expect((await get('/api/v1/namespaces/kube-system/services/web')).statusCode).toBe(404);
  });

  it('answers lists and objects as JSON, filtered by label and field selectors', async () => {
    const nodes = (
      await get('/api/v1/nodes?labelSelector=alpenkube.io%2Fnode-pool%3Ddefault')
    ).json();
    expect(nodes.kind).toBe('NodeList');
    expect(nodes.items.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual([
      'prod-eu-default-1a2b3',
      'prod-eu-default-4c5d6',
    ]);
    const onGpu = (
      await get('/api/v1/pods?fieldSelector=spec.nodeName%3Dprod-eu-gpu-7e8f9')
    ).json();
    expect(
      onGpu.items.map((p: { metadata: { name: string } }) => p.metadata.name.split('-')[0]).sort(),
    ).toEqual(['cilium', 'kube']);

    const pods = (await get('/api/v1/namespaces/ingress-nginx/pods')).json();
    expect(pods.kind).toBe('PodList');
    expect(pods.items).toHaveLength(2);
    const name = pods.items[0].metadata.name as string;
    const pod = (await get(`/api/v1/namespaces/ingress-nginx/pods/${name}`)).json();
    expect(pod).toMatchObject({ kind: 'Pod', metadata: { name, namespace: 'ingress-nginx' } });
    expect((await get('/api/v1/namespaces/nowhere/pods')).json().items).toEqual([]);
    expect((await get('/api/v1/namespaces/kube-system')).json()).toMatchObject({
      kind: 'Namespace',
      status: { phase: 'Active' },
    });
  });

  it('pages a list with limit and continue', async () => {
    const first = (await get('/api/v1/pods?limit=4')).json();
    expect(first.items).toHaveLength(4);
    expect(first.metadata.remainingItemCount).toBe(7);
    const rest = (
      await get(`/api/v1/pods?limit=100&continue=${encodeURIComponent(first.metadata.continue)}`)
    ).json();
    expect(rest.items).toHaveLength(7);
    expect(rest.metadata).not.toHaveProperty('continue');
    const all = (await get('/api/v1/pods')).json();
    expect([...first.items, ...rest.items]).toEqual(all.items);
    expect((await get('/api/v1/pods?continue=bm9wZQ')).statusCode).toBe(400);
  });

  it('answers errors as Status objects kubectl can print', async () => {
    const expectStatus = async (
      response: Awaited<ReturnType<typeof get>>,
      code: number,
      reason: string,
      message: string | RegExp,
    ) => {
      expect(response.statusCode).toBe(code);
      const body = response.json();
      expect(body).toMatchObject({
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        code,
        reason,
      });
      expect(body.message).toMatch(message);
    };
    await expectStatus(await get('/api/v1/nodes/nope'), 404, 'NotFound', 'nodes "nope" not found');
    await expectStatus(
      await get('/api/v1/namespaces/default/pods/nope'),
      404,
      'NotFound',
      'pods "nope" not found',
    );
    await expectStatus(await get('/api/v1/limitranges'), 404, 'NotFound', /could not find/);
    await expectStatus(await get('/openapi/v2'), 404, 'NotFound', /could not find/);
    await expectStatus(await get('/api/v1/nodes?watch=1'), 405, 'MethodNotAllowed', /watch/);
    await expectStatus(
      await get('/api/v1/nodes?labelSelector=a%20in%20(b'),
      400,
      'BadRequest',
      /unable to parse/,
    );
    await expectStatus(
      await get('/api/v1/pods?fieldSelector=spec.color%3Dblue'),
      400,
      'BadRequest',
      'field label not supported: spec.color',
    );
    // Refused before the body is read: a patch's content type is not one the app parses.
    await expectStatus(
      await app.inject({
        method: 'PATCH',
        url: '/k8s/clusters/7/api/v1/nodes/prod-eu-default-1a2b3',
        headers: { ...auth, 'content-type': 'application/strategic-merge-patch+json' },
        payload: '{"spec":{"unschedulable":true}}',
      }),
      405,
      'MethodNotAllowed',
      /read-only/,
    );
    await expectStatus(
      await app.inject({
        method: 'POST',
        url: '/k8s/clusters/7/api/v1/namespaces',
        headers: auth,
        payload: { kind: 'Namespace' },
      }),
      405,
      'MethodNotAllowed',
      /read-only/,
    );
  });

  it("turns the app's own refusals into Status objects too", async () => {
    const crossSite = await app.inject({
      method: 'POST',
      url: '/k8s/clusters/7/api/v1/namespaces',
      headers: { ...auth, origin: 'https://elsewhere.example' },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
    const nul = await get('/api/v1/nodes?labelSelector=%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
  });

  it('answers a failing resolver with an InternalError Status that tells nothing more', async () => {
    cluster = new Error('database is down');
    try {
      const response = await get('/api/v1/nodes');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ kind: 'Status', reason: 'InternalError', code: 500 });
      expect(response.body).not.toContain('database');
    } finally {
      cluster = testCluster();
    }
  });
});
