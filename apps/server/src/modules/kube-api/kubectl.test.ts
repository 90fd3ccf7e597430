import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeApiRoutes, kubeApiServerUrl, kubeconfigYaml } from './index.ts';
import type { KubeClusterView } from './kube-types.ts';
import { memoryStore, registerAppHooks, testCluster, testNode } from './test-support.ts';

/**
 * The API as a real kubectl sees it: `KUBECTL` names the binary (the test command installs
 * Debian's kubernetes-client, 1.20; this machine may have a newer one on PATH). The server is
 * https because kubectl sends no token to an http server.
 */
const KUBECTL = process.env.KUBECTL ?? 'kubectl';
const TOKEN = 'kubectl-test-token';
const run = promisify(execFile);

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

describe('kubectl against the simulated API', () => {
  let dir: string;
  let app: FastifyInstance;
  let cluster: KubeClusterView;
  const calls: [number, string][] = [];

  async function kubectl(...args: string[]): Promise<Result> {
    try {
      const { stdout, stderr } = await run(
        KUBECTL,
        ['--kubeconfig', join(dir, 'kubeconfig'), '--cache-dir', join(dir, 'cache'), ...args],
        // Its own HOME: no discovery cache or config of another run is read.
        { env: { PATH: process.env.PATH, HOME: dir }, timeout: 30_000 },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number | string; stdout?: string; stderr?: string };
      if (typeof failed.code !== 'number') throw error;
      return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  }

  /** Each printed row's cells by column header, for the rows of a `kubectl get` table. */
  function rows(output: string): Record<string, string>[] {
    const [header = '', ...lines] = output.trim().split('\n');
    const names = header.split(/\s{2,}/);
    return lines.map((line) =>
      Object.fromEntries(line.split(/\s{2,}/).map((cell, i) => [names[i], cell])),
    );
  }

  beforeAll(async () => {
    const client = await run(KUBECTL, ['version', '--client'], { timeout: 30_000 }).catch(
      (error: Error) => {
        throw new Error(
          `kubectl is needed for this test and "${KUBECTL}" does not run (${error.message}). ` +
            "scripts/ensure-services.sh installs Debian's kubernetes-client; KUBECTL may name another binary.",
        );
      },
    );
    expect(client.stdout).toContain('Client Version');

    dir = await mkdtemp(join(tmpdir(), 'kubectl-test-'));
    await run(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { timeout: 30_000 },
    );
    const certificate = await readFile(join(dir, 'cert.pem'), 'utf8');

    cluster = testCluster({ store: memoryStore() });
    app = Fastify({ https: { key: await readFile(join(dir, 'key.pem')), cert: certificate } });
    await registerAppHooks(app);
    await app.register(
      kubeApiRoutes(async (clusterId, token) => {
        calls.push([clusterId, token]);
        return clusterId === cluster.id && token === TOKEN ? cluster : null;
      }),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    await writeFile(
      join(dir, 'kubeconfig'),
      kubeconfigYaml({
        clusterName: cluster.name,
        serverUrl: kubeApiServerUrl(`https://127.0.0.1:${port}/`, cluster.id),
        token: TOKEN,
        certificateAuthorityPem: certificate,
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists the nodes with their readiness and version, sending the bearer token', async () => {
    const result = await kubectl('get', 'nodes');
    expect(result.code, result.stderr).toBe(0);
    expect(rows(result.stdout).map((row) => [row.NAME, row.STATUS, row.VERSION])).toEqual([
      ['prod-eu-default-1a2b3', 'Ready', 'v1.31.4'],
      ['prod-eu-default-4c5d6', 'Ready', 'v1.31.4'],
      ['prod-eu-gpu-7e8f9', 'NotReady', 'v1.31.4'],
    ]);
    expect(calls.at(-1)).toEqual([7, TOKEN]);
  }, 60_000);

  it('shows the internal addresses with -o wide and filters by node pool', async () => {
    const wide = await kubectl('get', 'nodes', '-o', 'wide');
    expect(wide.code, wide.stderr).toBe(0);
    for (const row of rows(wide.stdout)) expect(row['INTERNAL-IP']).toMatch(/^10\.0\.\d+\.\d+$/);

    const gpu = await kubectl('get', 'nodes', '-l', 'alpenkube.io/node-pool=gpu');
    expect(gpu.code, gpu.stderr).toBe(0);
    expect(rows(gpu.stdout).map((row) => row.NAME)).toEqual(['prod-eu-gpu-7e8f9']);
  }, 60_000);

  it('prints the node objects as JSON with their labels and capacity', async () => {
    const result = await kubectl('get', 'nodes', '-o', 'json');
    expect(result.code, result.stderr).toBe(0);
    const list = JSON.parse(result.stdout) as {
      items: {
        metadata: { name: string; labels: Record<string, string> };
        status: { capacity: Record<string, string> };
      }[];
    };
    expect(list.items).toHaveLength(3);
    const gpu = list.items.find((node) => node.metadata.name === 'prod-eu-gpu-7e8f9')!;
    expect(gpu.metadata.labels).toMatchObject({
      'kubernetes.io/hostname': 'prod-eu-gpu-7e8f9',
      'node.kubernetes.io/instance-type': 'g-8vcpu-32gb',
      'topology.kubernetes.io/region': 'eu-de-fra',
      'topology.kubernetes.io/zone': 'eu-de-fra-1',
      'alpenkube.io/node-pool': 'gpu',
      'alpenkube.io/provider': 'alpenkube',
    });
    expect(gpu.status.capacity).toMatchObject({ cpu: '8', memory: `${32 * 1024 * 1024}Ki` });
  }, 60_000);

  it('lists the system namespaces and one for each add-on', async () => {
    const result = await kubectl('get', 'ns');
    expect(result.code, result.stderr).toBe(0);
    expect(rows(result.stdout).map((row) => [row.NAME, row.STATUS])).toEqual([
      ['default', 'Active'],
      ['ingress-nginx', 'Active'],
      ['kube-node-lease', 'Active'],
      ['kube-public', 'Active'],
      ['kube-system', 'Active'],
      ['monitoring', 'Active'],
    ]);
  }, 60_000);

  it("lists every namespace's pods, with the same names on every call", async () => {
    const first = await kubectl('get', 'pods', '-A');
    expect(first.code, first.stderr).toBe(0);
    const pods = rows(first.stdout);
    const named = (prefix: string) => pods.filter((pod) => pod.NAME!.startsWith(`${prefix}-`));
    expect(named('ingress-nginx').map((pod) => [pod.NAMESPACE, pod.READY, pod.STATUS])).toEqual([
      ['ingress-nginx', '1/1', 'Running'],
      ['ingress-nginx', '1/1', 'Running'],
    ]);
    expect(named('monitoring').map((pod) => [pod.NAMESPACE, pod.STATUS])).toEqual([
      ['monitoring', 'ContainerCreating'],
    ]);
    expect(named('coredns')).toHaveLength(2);
    expect(named('kube-proxy')).toHaveLength(3);
    expect(named('cilium')).toHaveLength(3);

    const again = await kubectl('get', 'pods', '-A');
    expect(rows(again.stdout).map((pod) => pod.NAME)).toEqual(pods.map((pod) => pod.NAME));
    const inNamespace = await kubectl('get', 'pods', '-n', 'ingress-nginx', '-o', 'name');
    expect(inNamespace.stdout.trim().split('\n')).toEqual(
      named('ingress-nginx').map((pod) => `pod/${pod.NAME}`),
    );
  }, 60_000);

  it("prints the server's version", async () => {
    const result = await kubectl('version');
    expect(result.code, result.stderr).toBe(0);
    // 1.20 prints a struct (GitVersion:"v1.31.4"), newer ones "Server Version: v1.31.4".
    expect(result.stdout).toMatch(/Server Version: (v1\.31\.4|.*GitVersion:"v1\.31\.4")/);
  }, 60_000);

  it('refuses a wrong token as kubectl expects', async () => {
    const result = await kubectl('--token', 'not-the-token', 'get', 'nodes');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('You must be logged in to the server (Unauthorized)');
  }, 60_000);

  it('says what is not found and that nothing can be changed', async () => {
    const missing = await kubectl('get', 'node', 'no-such-node');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('nodes "no-such-node" not found');

    const deleted = await kubectl('delete', 'node', 'prod-eu-gpu-7e8f9');
    expect(deleted.code).not.toBe(0);
    expect(deleted.stderr).toContain('MethodNotAllowed');

    const system = await kubectl('delete', 'service', 'kubernetes');
    expect(system.code).not.toBe(0);
    expect(system.stderr).toContain('is managed by the platform');
  }, 60_000);

  it('lists a node the platform adds on the next call', async () => {
    cluster = {
      ...cluster,
      nodes: [...cluster.nodes, testNode({ name: 'prod-eu-default-0zz9y', createdAt: new Date() })],
    };
    const result = await kubectl('get', 'nodes');
    expect(result.code, result.stderr).toBe(0);
    expect(rows(result.stdout).map((row) => row.NAME)).toEqual([
      'prod-eu-default-0zz9y',
      'prod-eu-default-1a2b3',
      'prod-eu-default-4c5d6',
      'prod-eu-gpu-7e8f9',
    ]);
  }, 60_000);

  /** A shop: its namespace, a deployment, a LoadBalancer service, a config map, a secret, a claim. */
  const shop = (replicas: number, image: string) => `
apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  replicas: ${replicas}
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: ${image}
          ports: [{ containerPort: 8080 }]
---
apiVersion: v1
kind: Service
metadata:
  name: web-lb
  namespace: shop
spec:
  type: LoadBalancer
  selector: { app: web }
  ports: [{ port: 80, targetPort: 8080 }]
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
  namespace: shop
data:
  mode: production
---
apiVersion: v1
kind: Secret
metadata:
  name: web-secret
  namespace: shop
stringData:
  password: s3cret
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
  namespace: shop
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 20Gi
`;

  // kubectl's default strict validation: it reads the OpenAPI documents, then leaves the
  // checks to the server.
  const apply = async (manifest: string, ...flags: string[]) => {
    await writeFile(join(dir, 'shop.yaml'), manifest);
    return kubectl('apply', ...flags, '-f', join(dir, 'shop.yaml'));
  };
  const webPods = async () => {
    const result = await kubectl('get', 'pods', '-n', 'shop');
    expect(result.code, result.stderr).toBe(0);
    return rows(result.stdout);
  };

  it('applies a manifest: every object is created and read back', async () => {
    const result = await apply(shop(2, 'nginx:1.27'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      'namespace/shop created',
      'deployment.apps/web created',
      'service/web-lb created',
      'configmap/web-config created',
      'secret/web-secret created',
      'persistentvolumeclaim/data created',
    ]);

    const deployments = await kubectl('get', 'deploy', '-n', 'shop');
    expect(rows(deployments.stdout).map((row) => [row.NAME, row.READY])).toEqual([['web', '2/2']]);
    const services = await kubectl('get', 'svc', '-n', 'shop');
    expect(rows(services.stdout).map((row) => [row.NAME, row.TYPE, row['EXTERNAL-IP']])).toEqual([
      ['web-lb', 'LoadBalancer', '203.0.113.77'],
    ]);
    const claims = await kubectl('get', 'pvc', '-n', 'shop');
    expect(rows(claims.stdout).map((row) => [row.NAME, row.STATUS, row.CAPACITY])).toEqual([
      ['data', 'Bound', '20Gi'],
    ]);
    const secret = await kubectl('get', 'secret', 'web-secret', '-n', 'shop', '-o', 'json');
    expect(JSON.parse(secret.stdout).data).toEqual({
      password: Buffer.from('s3cret').toString('base64'),
    });
    const config = await kubectl('get', 'cm', '-n', 'shop');
    expect(rows(config.stdout).map((row) => [row.NAME, row.DATA])).toEqual([['web-config', '1']]);
  }, 60_000);

  it("runs the deployment's pods on the nodes, beside the system's", async () => {
    const pods = await webPods();
    expect(pods).toHaveLength(2);
    for (const pod of pods) {
      expect(pod.NAME).toMatch(/^web-[a-z0-9]{10}-[a-z0-9]{5}$/);
      expect([pod.READY, pod.STATUS]).toEqual(['1/1', 'Running']);
    }
    expect((await webPods()).map((pod) => pod.NAME)).toEqual(pods.map((pod) => pod.NAME));
    const all = await kubectl('get', 'pods', '-A');
    expect(
      rows(all.stdout).filter((pod) => pod.NAMESPACE === 'kube-system').length,
    ).toBeGreaterThan(0);
    expect(rows(all.stdout).filter((pod) => pod.NAMESPACE === 'shop')).toHaveLength(2);
  }, 60_000);

  it('applies a change, scales and deletes', async () => {
    const before = (await webPods()).map((pod) => pod.NAME);
    const changed = await apply(shop(3, 'nginx:1.28'));
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('deployment.apps/web configured');
    expect(changed.stdout).toContain('service/web-lb unchanged');
    const after = await webPods();
    expect(after).toHaveLength(3);
    // A new template is a new ReplicaSet: new pod names.
    expect(after.map((pod) => pod.NAME)).not.toContain(before[0]);
    const image = await kubectl(
      'get',
      'deploy',
      'web',
      '-n',
      'shop',
      '-o',
      'jsonpath={.spec.template.spec.containers[0].image} {.metadata.generation} {.spec.template.spec.containers[0].ports[0].containerPort}',
    );
    expect(image.stdout).toBe('nginx:1.28 2 8080');

    const scaled = await kubectl('scale', 'deployment', 'web', '-n', 'shop', '--replicas=1');
    expect(scaled.code, scaled.stderr).toBe(0);
    expect(await webPods()).toHaveLength(1);

    const deleted = await kubectl('delete', '-f', join(dir, 'shop.yaml'));
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain('namespace "shop" deleted');
    const namespaces = await kubectl('get', 'ns', '-o', 'name');
    expect(namespaces.stdout).not.toContain('namespace/shop');
    const pods = await kubectl('get', 'pods', '-n', 'shop');
    expect(pods.stdout.trim()).toBe('');
    expect(cluster.store!.objects).toEqual([]);
  }, 90_000);

  it('applies server-side, and answers what is invalid or missing as the API server does', async () => {
    const sideApplied = await apply(shop(1, 'nginx:1.27'), '--server-side');
    expect(sideApplied.code, sideApplied.stderr).toBe(0);
    expect(sideApplied.stdout).toContain('deployment.apps/web serverside-applied');
    expect(await webPods()).toHaveLength(1);

    await writeFile(
      join(dir, 'bad.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Bad_Name\n  namespace: shop\n',
    );
    const invalid = await kubectl('apply', '-f', join(dir, 'bad.yaml'));
    expect(invalid.code).not.toBe(0);
    expect(invalid.stderr).toContain(
      'ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value',
    );

    const missing = await kubectl('create', 'configmap', 'x', '-n', 'no-such-namespace');
    expect(missing.stderr).toContain('namespaces "no-such-namespace" not found');
    const taken = await kubectl('create', 'configmap', 'web-config', '-n', 'shop');
    expect(taken.stderr).toContain('configmaps "web-config" already exists');
    const gone = await kubectl('delete', 'configmap', 'no-such-map', '-n', 'shop');
    expect(gone.stderr).toContain('configmaps "no-such-map" not found');
    await kubectl('delete', 'namespace', 'shop');
  }, 90_000);
});
