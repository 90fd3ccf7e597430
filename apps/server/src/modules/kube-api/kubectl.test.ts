import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeApiRoutes, kubeApiServerUrl, kubeconfigYaml } from './index.ts';
import type { KubeClusterView } from './kube-types.ts';
import { registerAppHooks, testCluster, testNode } from './test-support.ts';

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

    cluster = testCluster();
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
});
