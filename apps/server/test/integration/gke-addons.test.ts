import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterAddons, ClusterEvent, Order } from '@alpenkube/contract';
import { clusterEvents } from '../../src/db/schema.ts';
import { GKE_ADDON_MANIFESTS } from '../../src/modules/providers/gke-addons.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import type { GkeDouble } from '../support/gke-double.ts';
import { startGkeApp } from '../support/gke-app.ts';
import { startManifestMirror, type ManifestMirror } from '../support/manifest-mirror.ts';
import type { Client, TestApp } from '../support/test-app.ts';

const TOKEN = 'ya29.double-secret-access-token-addons-0123456789';
const PROJECT = 'alpenkube-test';

/**
 * Add-ons on a real GKE cluster, against the Container API double and a manifest mirror double
 * (ADDON_MANIFEST_MIRROR): each add-on's pinned release manifest is fetched and server-side
 * applied through the cluster's own Kubernetes API with the platform's Google token, the
 * cluster-scoped objects without a namespace; removing it deletes what was applied. What has
 * no manifest is refused before anything is paid.
 */
describe('add-ons on GKE as their release manifests, server-side applied', () => {
  let t: TestApp;
  let double: GkeDouble;
  let mirror: ManifestMirror;
  const logs: string[] = [];

  let close: () => Promise<void>;

  beforeAll(async () => {
    mirror = await startManifestMirror();
    ({ t, double, close } = await startGkeApp({
      token: TOKEN,
      project: PROJECT,
      logs,
      env: { ADDON_MANIFEST_MIRROR: mirror.url },
    }));
  });
  afterAll(async () => {
    await close();
    await mirror.close();
  });

  const gke = { provider: 'gke', region: 'europe-west3', kubernetesVersion: '1.36' };
  const applied = () => double.kube.applied;
  /** The objects of one add-on's stand-in manifest on the cluster (kube-apply-double.ts). */
  const objectsOf = (slug: string) =>
    applied()
      .listing()
      .filter(
        (entry) =>
          entry.includes(slug) || entry.endsWith(`/${GKE_ADDON_MANIFESTS[slug]!.namespace}`),
      )
      .sort();
  const eventsOf = async (client: Client, clusterId: number) =>
    (await client.get(`/api/clusters/${clusterId}/events`))
      .json<ClusterEvent[]>()
      .map((event) => event.message);
  let keys = 0;
  const orderAddon = (client: Client, clusterId: number, addon: string) =>
    client.request({
      method: 'POST',
      url: '/api/addons/orders',
      headers: { 'idempotency-key': `gke-addon-${++keys}` },
      payload: { clusterId, addon },
    });

  it("applies an order's add-on through the cluster's API, cluster-scoped objects without a namespace", async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, {
      ...gke,
      name: 'certs',
      addons: ['cert-manager'],
    });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status, cluster.statusReason ?? '').toBe('running');
    expect(cluster.addons.map((addon) => addon.slug)).toEqual(['cert-manager']);

    expect(objectsOf('cert-manager')).toEqual([
      'ClusterRole -/cert-manager-controller',
      'ClusterRoleBinding -/cert-manager-controller',
      'CustomResourceDefinition -/widgets.cert-manager.example.io',
      'Deployment cert-manager/cert-manager-controller',
      'Namespace -/cert-manager',
      'Role kube-system/cert-manager-controller:leaderelection',
      'Service cert-manager/cert-manager-controller',
      'ServiceAccount cert-manager/cert-manager-controller',
      'ValidatingWebhookConfiguration -/cert-manager-controller-webhook',
    ]);
    const crd = applied().objects.get(
      'apiextensions.k8s.io/v1/customresourcedefinitions/-/widgets.cert-manager.example.io',
    )!;
    // As the manifest has it: client-node's typed models would have dropped this key.
    expect(JSON.stringify(crd)).toContain('"x-kubernetes-preserve-unknown-fields":true');
    expect(crd.metadata.managedFields).toEqual([{ manager: 'alpenkube', operation: 'Apply' }]);

    // Applied with the platform's Google token, CRDs and namespaces before the rest.
    const applies = double.kube.requests.filter((r) => r.method === 'PATCH');
    expect(new Set(applies.map((r) => r.authorization))).toEqual(new Set([`Bearer ${TOKEN}`]));
    expect(applies[0]!.path).toBe(
      '/api/v1/namespaces/cert-manager?fieldManager=alpenkube&force=true',
    );
    expect(applies[1]!.path).toMatch(
      /^\/apis\/apiextensions\.k8s\.io\/v1\/customresourcedefinitions\//,
    );
    const release = GKE_ADDON_MANIFESTS['cert-manager']!;
    expect(mirror.requests).toEqual([`/mirror/${release.url.replace(/^https:\/\//, '')}`]);

    const events = await eventsOf(who.client, cluster.id);
    expect(events).toContain(
      'Installed cert-manager v1.16.2 on the cluster (9 objects applied, namespace cert-manager)',
    );
    expect(events).toContain(
      'Add-on cert-manager installed: cert-manager v1.16.2 applied in namespace cert-manager',
    );
    expect(events.join('\n')).not.toMatch(/not installed/);
  });

  it('installs one later through its order, over a failing mirror and API, and removes one', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...gke, name: 'later', addons: [] });
    await settleJobs(t.app);
    const id = order.clusterId!;

    mirror.fail(1);
    applied().failApplies(1);
    const placed = await orderAddon(who.client, id, 'gitops');
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await who.client.post(`/api/orders/${placed.json<Order>().id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    await settleJobs(t.app);
    let cluster = await clusterOf(who.client, id);
    expect(cluster.status, cluster.statusReason ?? '').toBe('running');
    expect(cluster.addons.map((addon) => addon.slug)).toEqual(['gitops']);
    // Argo CD's Deployment names no namespace: it runs in the add-on's.
    expect(objectsOf('gitops')).toContain('Deployment argocd/gitops-controller');

    const removal = await who.client.delete(`/api/clusters/${id}/addons/gitops`);
    expect(removal.statusCode, removal.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, id);
    expect(cluster.status, cluster.statusReason ?? '').toBe('running');
    expect(cluster.addons).toEqual([]);
    // The CRD stays: deleting it would delete every object of its kind, the customer's too.
    expect(objectsOf('gitops')).toEqual(['CustomResourceDefinition -/widgets.gitops.example.io']);
    // Each other object deleted, the namespace last; the step asked again while it terminated,
    // deleting nothing, and once it was gone made sure (eight 404s) that nothing was left.
    // kube-system stays.
    const deletes = double.kube.requests
      .filter((r) => r.method === 'DELETE' && /gitops|argocd/.test(r.path))
      .map((r) => r.path);
    expect(deletes).toHaveLength(16);
    expect(new Set(deletes).size).toBe(8);
    expect(deletes.some((path) => path.includes('customresourcedefinitions'))).toBe(false);
    expect(deletes[7]).toBe('/api/v1/namespaces/argocd?propagationPolicy=Background');
    expect(deletes.slice(8)).toEqual(deletes.slice(0, 8));
    expect(applied().listing()).toContain('Namespace -/kube-system');
    const events = await eventsOf(who.client, id);
    expect(events).toContain('Deleted 8 objects of Argo CD v2.13.3 from the cluster');
    expect(events).toContain(
      'Add-on gitops removed: what Argo CD v2.13.3 applied is deleted, namespace argocd too',
    );
  });

  it("fails the order with the cluster's or the mirror's refusal, which retrying cannot help", async () => {
    const who = await clusterOrderer(t.app);
    applied().refuseNextApply('admission webhook "policy.example" denied the request');
    const refused = await orderCluster(who.client, { ...gke, name: 'refused', addons: ['policy'] });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, refused.clusterId!);
    expect(cluster.status).toBe('failed');
    expect(cluster.statusReason).toBe(
      'The cluster\'s Kubernetes API refused to apply Namespace kyverno (422: admission webhook "policy.example" denied the request)',
    );

    const path = [...mirror.files.keys()].find((key) => key.includes('ingress-nginx'))!;
    const file = mirror.files.get(path)!;
    mirror.files.delete(path);
    try {
      const missing = await orderCluster(who.client, {
        ...gke,
        name: 'missing',
        addons: ['ingress-nginx'],
      });
      await settleJobs(t.app);
      const failed = await clusterOf(who.client, missing.clusterId!);
      expect(failed.status).toBe('failed');
      expect(failed.statusReason).toBe(
        `The add-on's manifest could not be fetched from ${mirror.url}${path} (404)`,
      );
    } finally {
      mirror.files.set(path, file);
    }
  });

  it('refuses an add-on without a manifest in the quote, the order and the dry run', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...gke, name: 'no-mesh', addons: [] });
    await settleJobs(t.app);
    const id = order.clusterId!;
    const message =
      'Service mesh is not offered on Google Kubernetes Engine: Istio is installed with istioctl or its Helm charts';

    const quote = (await who.client.get(`/api/clusters/${id}/addons`)).json<ClusterAddons>();
    expect(quote.addons.find((addon) => addon.slug === 'service-mesh')!.refusal).toBe(
      `${message}.`,
    );
    expect(quote.addons.find((addon) => addon.slug === 'policy')!.refusal).toBeNull();
    expect(quote.providerNote).toMatch(/applies each add-on's own release manifest/);
    const refusal = await orderAddon(who.client, id, 'service-mesh');
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json().message).toBe(`${message}.`);

    const placed = await who.client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'gke-addons-mesh-order' },
      payload: {
        kind: 'cluster',
        billingCycle: 'monthly',
        cluster: {
          ...gke,
          name: 'with-mesh',
          tier: 'blue',
          nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
          haControlPlane: false,
          addons: ['cert-manager', 'service-mesh'],
          supportPlan: 'basic',
        },
      },
    });
    expect(placed.statusCode, placed.body).toBe(400);
    expect(placed.json().message).toBe(`cluster.addons.1: ${message}`);

    const dryRun = await who.client.post('/api/providers/gke/validate', {
      tier: 'blue',
      region: 'europe-west3',
      kubernetesVersion: '1.36',
      haControlPlane: false,
      nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
      addons: ['gitops', 'service-mesh'],
    });
    expect(dryRun.json()).toMatchObject({
      valid: false,
      issues: [{ path: ['addons', 1], message }],
    });
  });

  it("puts the platform's Google token in no log line, event or answer", async () => {
    const everything = logs.join('\n');
    expect(everything.length).toBeGreaterThan(0);
    expect(everything).not.toContain(TOKEN);
    const events = await t.app.services.db
      .select({ message: clusterEvents.message })
      .from(clusterEvents);
    const messages = events.map((event) => event.message).join('\n');
    expect(messages).toMatch(/Installed cert-manager/);
    expect(messages).not.toContain(TOKEN);
  });
});
