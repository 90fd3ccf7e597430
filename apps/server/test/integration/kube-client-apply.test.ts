import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAddonManifests,
  PLATFORM_FIELD_MANAGER,
  removeAddonManifests,
} from '../../src/modules/providers/kube-apply.ts';
import { clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * An add-on's manifests applied through a cluster's own Kubernetes API (server-side apply, as on
 * a real cluster, with the kubeconfig read by @kubernetes/client-node), against the simulated API
 * as the double, over its TLS listener with the downloaded kubeconfig's authority. The simulated
 * API serves no cluster-scoped kind but Namespace: where cluster-scoped objects go is tested in
 * kube-apply.test.ts and against the GKE double in gke-addons.test.ts.
 */
describe('add-on manifests applied with @kubernetes/client-node', () => {
  let t: TestApp;
  let server: Server;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    server = await t.app.services.kubeApiTls!.listen(t.app, '127.0.0.1', 0);
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  const manifests = (replicas: number) => [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'kyverno', labels: { 'app.kubernetes.io/name': 'kyverno' } },
      spec: {
        replicas,
        selector: { matchLabels: { 'app.kubernetes.io/name': 'kyverno' } },
        template: {
          metadata: { labels: { 'app.kubernetes.io/name': 'kyverno' } },
          spec: { containers: [{ name: 'kyverno', image: 'ghcr.io/kyverno/kyverno:v1.13.2' }] },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'kyverno' },
      data: { webhooks: '[]' },
    },
  ];

  it('applies into the namespace, again without change of owner, and removes', async () => {
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, { name: 'addons' });
    await settleJobs(t.app);
    const clusterId = order.clusterId!;
    const downloaded = (await client.get(`/api/clusters/${clusterId}/kubeconfig`)).body;
    const port = (server.address() as AddressInfo).port;
    // The listener's port stands in for the configured one.
    const kubeconfig = downloaded.replace(
      /server: "[^"]+"/,
      `server: "https://127.0.0.1:${port}/k8s/clusters/${clusterId}"`,
    );
    const token = /token: "([^"]+)"/.exec(downloaded)![1]!;
    const read = async (path: string) =>
      (
        await t.app.inject({
          url: `/k8s/clusters/${clusterId}${path}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json<{
        items: { metadata: { name: string; managedFields?: { manager: string }[] } }[];
      }>();

    await applyAddonManifests(kubeconfig, 'kyverno', manifests(2));
    const deployments = await read('/apis/apps/v1/namespaces/kyverno/deployments');
    expect(deployments.items.map((item) => item.metadata.name)).toEqual(['kyverno']);
    expect(deployments.items[0]!.metadata.managedFields?.map((entry) => entry.manager)).toEqual([
      PLATFORM_FIELD_MANAGER,
    ]);
    expect((await read('/api/v1/namespaces/kyverno/pods')).items).toHaveLength(2);

    // Applied again, as a retried step would: the same objects, the new replicas.
    await applyAddonManifests(kubeconfig, 'kyverno', manifests(3));
    expect((await read('/api/v1/namespaces/kyverno/pods')).items).toHaveLength(3);
    expect((await read('/api/v1/namespaces/kyverno/configmaps')).items).toHaveLength(1);

    await removeAddonManifests(kubeconfig, 'kyverno', manifests(3));
    await removeAddonManifests(kubeconfig, 'kyverno', manifests(3));
    expect((await read('/api/v1/namespaces/kyverno/pods')).items).toEqual([]);
    const namespaces = await read('/api/v1/namespaces');
    expect(namespaces.items.map((item) => item.metadata.name)).not.toContain('kyverno');
  });
});
