import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterAddons, ClusterEvent, Order } from '@alpenkube/contract';
import { clusterEvents } from '../../src/db/schema.ts';
import type { Client, TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import type { DigitalOceanDouble } from '../support/digitalocean-double.ts';
import { startDoksApp } from '../support/doks-app.ts';
import { kubeTokenOf } from '../support/digitalocean-one-clicks.ts';

const TOKEN = 'dop_v1_double_secret_token_addons_0123456789';

/**
 * Add-ons on a real DOKS cluster, against the DigitalOcean double: DigitalOcean installs each as
 * its 1-Click app (`POST /v2/1-clicks/kubernetes`), the step watches the app's workloads through
 * the cluster's own Kubernetes API with DigitalOcean's kubeconfig, and a removal deletes the
 * app's namespace and admission webhooks there (DigitalOcean's API has no uninstall). What
 * DigitalOcean does not offer is refused before anything is paid.
 */
describe('add-ons on DOKS as DigitalOcean 1-Click apps', () => {
  let t: TestApp;
  let double: DigitalOceanDouble;
  const logs: string[] = [];

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, double, close } = await startDoksApp(TOKEN, logs));
  });
  afterAll(() => close());

  const doks = { provider: 'doks', region: 'fra1', kubernetesVersion: '1.36' };
  const installCalls = () =>
    double.requests.filter((r) => r.method === 'POST' && r.path === '/v2/1-clicks/kubernetes');
  const remoteOf = (clusterId: number) =>
    [...double.clusters.values()].find((c) => c.tags.includes(`alpenkube-cluster-${clusterId}`))!;
  const eventsOf = async (client: Client, clusterId: number) =>
    (await client.get(`/api/clusters/${clusterId}/events`))
      .json<ClusterEvent[]>()
      .map((event) => event.message);
  let keys = 0;
  const orderAddon = (client: Client, clusterId: number, addon: string) =>
    client.request({
      method: 'POST',
      url: '/api/addons/orders',
      headers: { 'idempotency-key': `doks-addon-${++keys}` },
      payload: { clusterId, addon },
    });

  it("installs an order's add-ons as 1-Click apps, done once their workloads run", async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, {
      ...doks,
      name: 'apps',
      addons: ['ingress-nginx', 'monitoring'],
    });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('running');
    expect(cluster.addons.map((addon) => addon.slug).sort()).toEqual([
      'ingress-nginx',
      'monitoring',
    ]);

    // One install per add-on, after the nodes, asked once however often the step polled.
    const remote = remoteOf(cluster.id);
    expect(installCalls().map((call) => [call.body, call.authorization])).toEqual([
      [{ addon_slugs: ['ingress-nginx'], cluster_uuid: remote.id }, `Bearer ${TOKEN}`],
      [{ addon_slugs: ['kube-prometheus-stack'], cluster_uuid: remote.id }, `Bearer ${TOKEN}`],
    ]);
    expect(double.oneClicks.installs).toEqual([
      { cluster_uuid: remote.id, addon_slugs: ['ingress-nginx'] },
      { cluster_uuid: remote.id, addon_slugs: ['kube-prometheus-stack'] },
    ]);
    // The listing was read (the order's check, the create's first step) with the type filter.
    expect(
      double.requests.some((r) => r.method === 'GET' && r.path === '/v2/1-clicks?type=kubernetes'),
    ).toBe(true);

    // Watched through the cluster's API with DigitalOcean's kubeconfig (its token, not ours).
    const watched = double.oneClicks.kubeRequests.filter((r) =>
      r.path.startsWith(`/clusters/${remote.id}/apis/apps/v1/namespaces/kube-prometheus-stack/`),
    );
    expect(watched.length).toBeGreaterThanOrEqual(6);
    expect(new Set(watched.map((r) => r.authorization))).toEqual(
      new Set([`Bearer ${kubeTokenOf(remote.id)}`]),
    );

    const events = await eventsOf(who.client, cluster.id);
    expect(events).toContain(
      'DigitalOcean started installing the 1-Click app ingress-nginx: "Successfully kicked off addon job."',
    );
    expect(events).toContain(
      "Add-on monitoring installed: DigitalOcean's 1-Click app kube-prometheus-stack runs in namespace kube-prometheus-stack",
    );
    expect(events.filter((m) => /started installing the 1-Click app/.test(m))).toHaveLength(2);
    expect(events.join('\n')).not.toMatch(/not installed/);
  });

  it('installs one later through its order and removes one, deleting its namespace', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, {
      ...doks,
      name: 'later',
      addons: ['ingress-nginx'],
    });
    await settleJobs(t.app);
    const id = order.clusterId!;
    const remote = remoteOf(id);
    const before = installCalls().length;

    const placed = await orderAddon(who.client, id, 'gitops');
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await who.client.post(`/api/orders/${placed.json<Order>().id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    await settleJobs(t.app);
    expect(
      (await who.client.get(`/api/orders/${placed.json<Order>().id}`)).json<Order>().status,
    ).toBe('completed');
    expect(
      installCalls()
        .slice(before)
        .map((call) => call.body),
    ).toEqual([{ addon_slugs: ['argocd'], cluster_uuid: remote.id }]);
    let cluster = await clusterOf(who.client, id);
    expect(cluster.addons.map((addon) => addon.slug).sort()).toEqual(['gitops', 'ingress-nginx']);

    // Another release's webhook and the customer's own stay when ingress-nginx goes.
    const kube = double.oneClicks.kubeOf(remote.id);
    kube.webhooks.push(
      {
        kind: 'validating',
        name: 'other-release-admission',
        labels: { 'app.kubernetes.io/managed-by': 'Helm' },
        annotations: { 'meta.helm.sh/release-namespace': 'other' },
      },
      { kind: 'validating', name: 'customers-own', labels: {}, annotations: {} },
    );
    expect(kube.namespaces.has('ingress-nginx')).toBe(true);
    const removal = await who.client.delete(`/api/clusters/${id}/addons/ingress-nginx`);
    expect(removal.statusCode, removal.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, id);
    expect(cluster.status).toBe('running');
    expect(cluster.addons.map((addon) => addon.slug)).toEqual(['gitops']);
    expect(kube.namespaces.has('ingress-nginx')).toBe(false);
    expect(kube.namespaces.has('argocd')).toBe(true);
    expect(kube.webhooks.map((hook) => hook.name).sort()).toEqual([
      'customers-own',
      'other-release-admission',
    ]);
    const removed = double.oneClicks.kubeRequests.filter(
      (r) => r.method === 'DELETE' && r.path.startsWith(`/clusters/${remote.id}/`),
    );
    // Each deleted once, though the step asked until the namespace was gone.
    expect(removed.map((r) => r.path)).toEqual([
      `/clusters/${remote.id}/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/ingress-nginx-admission`,
      `/clusters/${remote.id}/api/v1/namespaces/ingress-nginx`,
    ]);
    const events = await eventsOf(who.client, id);
    expect(events).toContain(
      "Add-on ingress-nginx removed: namespace ingress-nginx and its admission webhooks deleted (DigitalOcean's API has no uninstall; the app's CustomResourceDefinitions and cluster roles stay in the cluster)",
    );

    // Installed again: asked again, not taken for the install of before.
    const again = await orderAddon(who.client, id, 'ingress-nginx');
    expect(again.statusCode, again.body).toBe(201);
    await who.client.post(`/api/orders/${again.json<Order>().id}/pay`, {});
    await settleJobs(t.app);
    expect(
      installCalls()
        .slice(before)
        .map((call) => call.body),
    ).toEqual([
      { addon_slugs: ['argocd'], cluster_uuid: remote.id },
      { addon_slugs: ['ingress-nginx'], cluster_uuid: remote.id },
    ]);
    expect((await clusterOf(who.client, id)).addons.map((addon) => addon.slug).sort()).toEqual([
      'gitops',
      'ingress-nginx',
    ]);
  });

  it('asks for no install when the app already runs (a step asked again after a restart)', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...doks, name: 'there', addons: [] });
    await settleJobs(t.app);
    const id = order.clusterId!;
    const remote = remoteOf(id);
    // Installed at DigitalOcean already, as by a job this step asked for before a restart.
    const asked = await fetch(`${double.url}/v2/1-clicks/kubernetes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ addon_slugs: ['cert-manager'], cluster_uuid: remote.id }),
    });
    expect(asked.status).toBe(200);
    const before = installCalls().length;

    const placed = await orderAddon(who.client, id, 'cert-manager');
    expect(placed.statusCode, placed.body).toBe(201);
    await who.client.post(`/api/orders/${placed.json<Order>().id}/pay`, {});
    await settleJobs(t.app);
    expect((await clusterOf(who.client, id)).addons.map((addon) => addon.slug)).toEqual([
      'cert-manager',
    ]);
    expect(installCalls()).toHaveLength(before);
    expect(await eventsOf(who.client, id)).toContain(
      "Add-on cert-manager installed: DigitalOcean's 1-Click app cert-manager runs in namespace cert-manager",
    );
  });

  it("answers the 1-Click calls as DigitalOcean's definition says (the double itself)", async () => {
    const call = (path: string, init: RequestInit = {}, token: string | null = TOKEN) =>
      fetch(`${double.url}${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    expect((await call('/v2/1-clicks?type=kubernetes', {}, null)).status).toBe(401);
    const droplets = (await (await call('/v2/1-clicks?type=droplet')).json()) as {
      '1_clicks': { slug: string; type: string }[];
    };
    expect(droplets['1_clicks'].length).toBeGreaterThan(0);
    expect(droplets['1_clicks'].every((app) => app.type === 'droplet')).toBe(true);
    const post = (body: unknown) =>
      call('/v2/1-clicks/kubernetes', { method: 'POST', body: JSON.stringify(body) });
    const cluster = [...double.clusters.values()][0]!.id;
    const noCluster = await post({ addon_slugs: ['loki'] });
    expect(noCluster.status).toBe(422);
    expect(await noCluster.json()).toMatchObject({ id: 'unprocessable_entity' });
    expect((await post({ addon_slugs: [], cluster_uuid: cluster })).status).toBe(422);
    expect((await post({ addon_slugs: ['wordpress-18-04'], cluster_uuid: cluster })).status).toBe(
      422,
    );
    expect((await post({ addon_slugs: ['argocd'], cluster_uuid: 'no-such-cluster' })).status).toBe(
      404,
    );
  });

  it('refuses an add-on without a 1-Click app in the quote, the order and the dry run', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...doks, name: 'no-backup', addons: [] });
    await settleJobs(t.app);
    const id = order.clusterId!;
    const message =
      'Backup and restore is not offered on DigitalOcean Kubernetes: DigitalOcean has no 1-Click app for it';

    const quote = (await who.client.get(`/api/clusters/${id}/addons`)).json<ClusterAddons>();
    expect(quote.addons.find((addon) => addon.slug === 'backup')!.refusal).toBe(`${message}.`);
    expect(quote.addons.find((addon) => addon.slug === 'gitops')!.refusal).toBeNull();
    const refused = await orderAddon(who.client, id, 'backup');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${message}.`);

    const placed = await who.client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'doks-addons-backup-order' },
      payload: {
        kind: 'cluster',
        billingCycle: 'monthly',
        cluster: {
          ...doks,
          name: 'with-backup',
          tier: 'blue',
          nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
          haControlPlane: false,
          addons: ['ingress-nginx', 'backup'],
          supportPlan: 'basic',
        },
      },
    });
    expect(placed.statusCode, placed.body).toBe(400);
    expect(placed.json().message).toBe(`cluster.addons.1: ${message}`);

    const dryRun = await who.client.post('/api/providers/doks/validate', {
      tier: 'blue',
      region: 'fra1',
      kubernetesVersion: '1.36',
      haControlPlane: false,
      nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
      addons: ['cert-manager', 'backup'],
    });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(dryRun.json()).toMatchObject({
      valid: false,
      issues: [{ path: ['addons', 1], message }],
    });
  });

  it('refuses a 1-Click app DigitalOcean withdrew, and checks again when it installs', async () => {
    const who = await clusterOrderer(t.app);
    // Ordered and paid while DigitalOcean listed Loki; withdrawn before the install step.
    const order = await orderCluster(who.client, {
      ...doks,
      name: 'late-loki',
      addons: ['logging'],
    });
    double.oneClicks.withdraw('loki');
    await settleJobs(t.app);
    const failed = await clusterOf(who.client, order.clusterId!);
    expect(failed.status).toBe('failed');
    expect(failed.statusReason).toBe(
      'DigitalOcean no longer lists the 1-Click app loki: add-on logging cannot be installed',
    );

    // The health check reads the listing again, and the dry run refuses Logging from then on.
    const health = (await who.client.get('/api/providers/doks/health')).json();
    expect(health.message).toMatch(/4 of the 5 add-ons sold on DOKS listed as 1-Click apps/);
    const dryRun = await who.client.post('/api/providers/doks/validate', {
      tier: 'blue',
      region: 'fra1',
      kubernetesVersion: '1.36',
      haControlPlane: false,
      nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
      addons: ['logging'],
    });
    expect(dryRun.json().issues).toEqual([
      {
        path: ['addons', 0],
        message:
          'Logging is not offered on DigitalOcean Kubernetes now: DigitalOcean no longer lists its 1-Click app loki',
      },
    ]);
  });

  it("puts neither DigitalOcean's token nor its kubeconfig's in a log line or an event", async () => {
    const everything = logs.join('\n');
    expect(everything.length).toBeGreaterThan(0);
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain('dop-double-kube-');
    const events = await t.app.services.db
      .select({ message: clusterEvents.message })
      .from(clusterEvents);
    const messages = events.map((event) => event.message).join('\n');
    expect(messages).toMatch(/1-Click app/);
    expect(messages).not.toContain(TOKEN);
    expect(messages).not.toContain('dop-double-kube-');
  });
});
