import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Cluster,
  ClusterLoadBalancers,
  ClusterMetrics,
  ClusterVolumes,
} from '@alpenkube/contract';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';

const run = promisify(execFile);
const KUBECTL = process.env.KUBECTL ?? 'kubectl';

/**
 * The kubeconfig a customer downloads, used by a real kubectl against the simulated cluster's
 * Kubernetes API on the server's own TLS listener.
 */
describe('kubectl with a downloaded kubeconfig', () => {
  let t: TestApp;
  let dir: string;
  let apiBase: string;
  let server: Server;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    dir = await mkdtemp(join(tmpdir(), 'kubectl-e2e-'));
    server = await t.app.services.kubeApiTls!.listen(t.app, '127.0.0.1', 0);
    apiBase = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function kubeconfigOf(client: Client, cluster: Cluster, file: string) {
    const response = await client.get(`/api/clusters/${cluster.id}/kubeconfig`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain(`server: "${t.config.kubeApiUrl}/k8s/clusters/${cluster.id}"`);
    expect(response.body).toContain('certificate-authority-data: ');
    await writeFile(join(dir, file), response.body);
  }

  /** kubectl with that file; the listener's port stands in for the configured one. */
  async function kubectl(file: string, cluster: Cluster, ...args: string[]) {
    return run(
      KUBECTL,
      [
        '--kubeconfig',
        join(dir, file),
        '--server',
        `${apiBase}/k8s/clusters/${cluster.id}`,
        '--cache-dir',
        join(dir, 'cache'),
        ...args,
      ],
      { timeout: 30_000, env: { ...process.env, HOME: dir } },
    );
  }

  it('lists the nodes, the new count after a scale, and is refused once revoked', async () => {
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, { name: 'kube' });
    await settleJobs(t.app);
    const cluster = await clusterOf(client, order.clusterId!);
    await kubeconfigOf(client, cluster, 'kube.yaml');

    const nodes = await kubectl('kube.yaml', cluster, 'get', 'nodes', '-o', 'name');
    const names = cluster.nodePools[0]!.nodes.map((node) => `node/${node.name}`);
    expect(nodes.stdout.trim().split('\n').sort()).toEqual(names.sort());
    const table = await kubectl('kube.yaml', cluster, 'get', 'nodes');
    expect(table.stdout).toMatch(/NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION/);
    expect(table.stdout.match(/\bReady\b/g)).toHaveLength(3);
    const pods = await kubectl('kube.yaml', cluster, 'get', 'pods', '-A');
    expect(pods.stdout).toContain('monitoring');
    expect(pods.stdout).not.toContain('gitops');

    // An add-on ordered and paid shows as its pods once installed.
    const addon = await client.request({
      method: 'POST',
      url: '/api/addons/orders',
      headers: { 'idempotency-key': 'kubectl-gitops' },
      payload: { clusterId: cluster.id, addon: 'gitops' },
    });
    expect(addon.statusCode, addon.body).toBe(201);
    expect((await client.post(`/api/orders/${addon.json().id}/pay`, {})).statusCode).toBe(200);
    await settleJobs(t.app);
    const withAddon = await kubectl('kube.yaml', cluster, 'get', 'pods', '-A');
    expect(withAddon.stdout).toMatch(/\n\S+\s+gitops-\S+\s+\d+\/\d+\s+Running/);

    const pool = cluster.nodePools[0]!;
    const scaled = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 4,
    });
    expect(scaled.statusCode, scaled.body).toBe(200);
    await settleJobs(t.app);
    const after = await kubectl('kube.yaml', cluster, 'get', 'nodes', '-o', 'name');
    expect(after.stdout.trim().split('\n')).toHaveLength(4);

    expect((await client.post(`/api/clusters/${cluster.id}/credentials/rotate`)).statusCode).toBe(
      200,
    );
    await expect(kubectl('kube.yaml', cluster, 'get', 'nodes')).rejects.toMatchObject({
      stderr: expect.stringMatching(/Unauthorized/),
    });
    await kubeconfigOf(client, cluster, 'rotated.yaml');
    expect((await kubectl('rotated.yaml', cluster, 'get', 'nodes', '-o', 'name')).stdout).toMatch(
      /node\//,
    );

    const removed = await client.request({
      method: 'DELETE',
      url: `/api/clusters/${cluster.id}`,
      payload: { name: 'kube' },
    });
    expect(removed.statusCode).toBe(200);
    await settleJobs(t.app);
    await expect(kubectl('rotated.yaml', cluster, 'get', 'nodes')).rejects.toMatchObject({
      stderr: expect.stringMatching(/Unauthorized/),
    });
  });
  it("shows a pool's labels with --show-labels and its taints in describe node", async () => {
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, {
      name: 'shaped',
      nodePools: [
        {
          name: 'general',
          size: 'm-4vcpu-16gb',
          count: 3,
          labels: { 'example.com/team': 'web' },
        },
      ],
    });
    await settleJobs(t.app);
    const cluster = await clusterOf(client, order.clusterId!);
    await kubeconfigOf(client, cluster, 'shaped.yaml');
    const before = await kubectl('shaped.yaml', cluster, 'get', 'nodes', '--show-labels');
    expect(before.stdout.match(/example\.com\/team=web/g)).toHaveLength(3);
    expect(before.stdout).not.toContain('workload=batch');

    const pool = cluster.nodePools[0]!;
    const edited = await client.put(`/api/clusters/${cluster.id}/node-pools/${pool.id}/labels`, {
      labels: { 'example.com/team': 'web', workload: 'batch' },
      taints: [
        { key: 'dedicated', value: 'batch', effect: 'NoSchedule' },
        { key: 'spot', effect: 'PreferNoSchedule' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await kubectl('shaped.yaml', cluster, 'get', 'nodes', '--show-labels');
    for (const node of pool.nodes) {
      const line = after.stdout.split('\n').find((row) => row.startsWith(node.name))!;
      expect(line).toContain('example.com/team=web');
      expect(line).toContain('workload=batch');
      // The platform's own labels stay.
      expect(line).toContain(`kubernetes.io/hostname=${node.name}`);
    }
    const selected = await kubectl(
      'shaped.yaml',
      cluster,
      'get',
      'nodes',
      '-l',
      'workload=batch',
      '-o',
      'name',
    );
    expect(selected.stdout.trim().split('\n')).toHaveLength(3);
    const described = await kubectl(
      'shaped.yaml',
      cluster,
      'describe',
      'node',
      pool.nodes[0]!.name,
    );
    expect(described.stdout).toMatch(
      /Taints:\s+dedicated=batch:NoSchedule\n\s+spot:PreferNoSchedule/,
    );
  });
  it("is refused from outside the cluster's control-plane allowlist, let through once inside", async () => {
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, { name: 'walled' });
    await settleJobs(t.app);
    const cluster = await clusterOf(client, order.clusterId!);
    await kubeconfigOf(client, cluster, 'walled.yaml');
    const allow = async (cidrs: string[]) => {
      const response = await client.put(`/api/clusters/${cluster.id}/api-allowlist`, { cidrs });
      expect(response.statusCode, response.body).toBe(200);
    };

    await allow(['203.0.113.0/24', '2001:db8::/32']);
    await expect(kubectl('walled.yaml', cluster, 'get', 'nodes')).rejects.toMatchObject({
      stderr: expect.stringMatching(/Forbidden|forbidden/),
    });
    await allow(['203.0.113.0/24', '127.0.0.1/32']);
    expect((await kubectl('walled.yaml', cluster, 'get', 'nodes', '-o', 'name')).stdout).toMatch(
      /node\//,
    );
  });

  it('kubectl top nodes lists every node with the CPU and memory of the metrics card', async () => {
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, { name: 'topped' });
    await settleJobs(t.app);
    const cluster = await clusterOf(client, order.clusterId!);
    await kubeconfigOf(client, cluster, 'topped.yaml');
    const card = async () =>
      (await client.get(`/api/clusters/${cluster.id}/metrics?range=1h`)).json<ClusterMetrics>();

    // The same minute before and after kubectl's call: its figures are the card's last point.
    let top: { stdout: string } | undefined;
    let before: ClusterMetrics | undefined;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      before = await card();
      top = await kubectl('topped.yaml', cluster, 'top', 'nodes');
      if ((await card()).from === before.from) break;
    }
    const lines = top!.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /NAME\s+CPU\(cores\)\s+CPU(\(%\)|%)\s+MEMORY\(bytes\)\s+MEMORY(\(%\)|%)/,
    );
    expect(lines).toHaveLength(1 + cluster.nodePools[0]!.nodes.length);
    for (const node of before!.nodes) {
      const row = lines.find((line) => line.startsWith(`${node.name} `));
      expect(row, node.name).toBeDefined();
      const [, cpu, cpuPercent, memory, memoryPercent] = row!.trim().split(/\s+/);
      const cpuMillis = node.cpuMillis.at(-1)!;
      const memoryBytes = node.memoryBytes.at(-1)!;
      expect(cpu).toBe(`${cpuMillis}m`);
      expect(memory).toBe(`${Math.floor(memoryBytes / 1024 ** 2)}Mi`);
      // The percentages of what is allocatable, as the node object says it.
      expect(cpuPercent).toBe(`${Math.floor((cpuMillis * 100) / node.cpuAllocatableMillis)}%`);
      expect(memoryPercent).toBe(
        `${Math.floor((memoryBytes * 100) / node.memoryAllocatableBytes)}%`,
      );
    }

    const one = await kubectl('topped.yaml', cluster, 'top', 'node', before!.nodes[0]!.name);
    expect(one.stdout).toContain(before!.nodes[0]!.name);
  });

  it("applies a LoadBalancer Service and a claim that become the cluster page's, and deletes them", async () => {
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, { name: 'applied' });
    await settleJobs(t.app);
    const cluster = await clusterOf(client, order.clusterId!);
    await kubeconfigOf(client, cluster, 'applied.yaml');
    await writeFile(
      join(dir, 'shop.yaml'),
      [
        'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop',
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  replicas: 2\n  selector:\n    matchLabels: { app: web }\n  template:\n    metadata:\n      labels: { app: web }\n    spec:\n      containers: [{ name: web, image: "nginx:1.27" }]',
        'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  type: LoadBalancer\n  selector: { app: web }\n  ports: [{ port: 80 }]',
        'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\n  namespace: shop\nspec:\n  accessModes: [ReadWriteOnce]\n  resources: { requests: { storage: 5Gi } }',
      ].join('\n---\n'),
    );
    const applied = await kubectl('applied.yaml', cluster, 'apply', '-f', join(dir, 'shop.yaml'));
    expect(applied.stdout).toContain('persistentvolumeclaim/data created');
    const pods = await kubectl('applied.yaml', cluster, 'get', 'pods', '-n', 'shop', '-o', 'name');
    expect(pods.stdout.trim().split('\n')).toHaveLength(2);
    const balancers = (
      await client.get(`/api/clusters/${cluster.id}/load-balancers`)
    ).json<ClusterLoadBalancers>();
    expect(balancers.loadBalancers).toHaveLength(1);
    const service = await kubectl(
      'applied.yaml',
      cluster,
      'get',
      'svc',
      'web',
      '-n',
      'shop',
      '-o',
      'jsonpath={.status.loadBalancer.ingress[0].ip}',
    );
    expect(service.stdout).toBe(balancers.loadBalancers[0]!.ip);
    const volumes = (
      await client.get(`/api/clusters/${cluster.id}/volumes`)
    ).json<ClusterVolumes>();
    expect(volumes.billedGb).toBe(5);

    await kubectl('applied.yaml', cluster, 'delete', '-f', join(dir, 'shop.yaml'));
    expect(
      (await client.get(`/api/clusters/${cluster.id}/load-balancers`)).json<ClusterLoadBalancers>()
        .loadBalancers,
    ).toEqual([]);
    expect(
      (await client.get(`/api/clusters/${cluster.id}/volumes`)).json<ClusterVolumes>().billedGb,
    ).toBe(0);
  });
});
