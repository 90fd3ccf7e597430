import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerErrorHandling } from '../../http/error-handler.ts';
import {
  acceptOnlyJsonBodies,
  refuseUnstorableText,
  registerCrossSiteGuard,
} from '../../http/request-guards.ts';
import { registerSecurityHeaders } from '../../http/security-headers.ts';
import { accessPlugin } from '../access/index.ts';
import type { KubeAddonView, KubeClusterView, KubeNodeView } from './kube-types.ts';
import type { KubeManifest, KubeStore } from './kube-store.ts';

/**
 * What this folder's tests share: the global hooks the app puts in front of every route (so
 * the tests see what kubectl gets behind the real server), and a cluster as the platform
 * would describe it.
 */
export async function registerAppHooks(app: FastifyInstance) {
  registerErrorHandling(app);
  acceptOnlyJsonBodies(app);
  refuseUnstorableText(app);
  registerSecurityHeaders(app, {
    scriptHashes: [],
    exchangeRateUrl: 'https://rates.example.invalid/',
  });
  registerCrossSiteGuard(app, 'https://alpenkube.example.invalid');
  // The access plugin depends on the session plugin, which never reads a session here.
  await app.register(
    fp(
      async (instance) => {
        instance.decorateRequest('session', null);
      },
      { name: 'sessions' },
    ),
  );
  await app.register(accessPlugin);
}

export const DAY = 86_400_000;

export function testNode(overrides: Partial<KubeNodeView> & { name: string }): KubeNodeView {
  return {
    pool: 'default',
    size: 's-4vcpu-8gb',
    cpuCores: 4,
    memoryGiB: 8,
    region: 'eu-de-fra',
    zone: 'eu-de-fra-1',
    ready: true,
    createdAt: new Date(Date.now() - 10 * DAY),
    ...overrides,
  };
}

export function testAddon(overrides: Partial<KubeAddonView> & { slug: string }): KubeAddonView {
  return {
    name: overrides.slug,
    namespace: overrides.slug,
    replicas: 1,
    ready: true,
    createdAt: new Date(Date.now() - 9 * DAY),
    ...overrides,
  };
}

export function testCluster(overrides: Partial<KubeClusterView> = {}): KubeClusterView {
  return {
    id: 7,
    name: 'prod-eu',
    kubernetesVersion: '1.31.4',
    provider: 'alpenkube',
    createdAt: new Date(Date.now() - 10 * DAY),
    nodes: [
      testNode({ name: 'prod-eu-default-1a2b3' }),
      testNode({ name: 'prod-eu-default-4c5d6', zone: 'eu-de-fra-2' }),
      testNode({
        name: 'prod-eu-gpu-7e8f9',
        pool: 'gpu',
        size: 'g-8vcpu-32gb',
        cpuCores: 8,
        memoryGiB: 32,
        ready: false,
        createdAt: new Date(Date.now() - 90_000),
      }),
    ],
    addons: [
      testAddon({ slug: 'ingress-nginx', name: 'Ingress controller', replicas: 2 }),
      testAddon({
        slug: 'monitoring',
        name: 'Monitoring',
        ready: false,
        createdAt: new Date(Date.now() - 300_000),
      }),
    ],
    volumes: [
      {
        name: 'data',
        sizeGb: 100,
        storageClass: 'alpenkube-ssd',
        createdAt: new Date(Date.now() - 2 * DAY),
      },
    ],
    loadBalancers: [
      { name: 'web', ip: '203.0.113.10', createdAt: new Date(Date.now() - 3_600_000) },
    ],
    ...overrides,
  };
}

/**
 * A store in memory, as the clusters module's behaves towards the API: resourceVersions from a
 * counter, a LoadBalancer service given an address, a claim bound to a volume of its own.
 */
export function memoryStore(overrides: Partial<KubeStore> = {}): KubeStore & {
  removed: KubeManifest[];
} {
  let version = 100;
  const removed: KubeManifest[] = [];
  const observed = (object: KubeManifest): KubeManifest => {
    const saved = structuredClone(object);
    saved.metadata.resourceVersion = String((version += 1));
    if (saved.kind === 'Service') {
      const balanced = (saved.spec as { type?: string }).type === 'LoadBalancer';
      saved.status = { loadBalancer: balanced ? { ingress: [{ ip: '203.0.113.77' }] } : {} };
    }
    if (saved.kind === 'PersistentVolumeClaim') {
      const spec = saved.spec as { accessModes: string[]; resources: { requests: object } };
      saved.spec = { ...spec, volumeName: `pvc-${saved.metadata.uid}` };
      saved.status = {
        phase: 'Bound',
        accessModes: spec.accessModes,
        capacity: spec.resources.requests,
      };
    }
    return saved;
  };
  const store = {
    writeRefusal: null,
    objects: [] as KubeManifest[],
    limits: { objects: 50, objectBytes: 16 * 1024 },
    removed,
    async create(object: KubeManifest) {
      const saved = observed(object);
      store.objects.push(saved);
      return saved;
    },
    async update(previous: KubeManifest, next: KubeManifest) {
      const index = store.objects.indexOf(previous);
      if (index < 0) throw new Error('stale');
      const saved = observed(next);
      store.objects[index] = saved;
      return saved;
    },
    async remove(object: KubeManifest) {
      store.objects = store.objects.filter((entry) => entry !== object);
      removed.push(object);
    },
    ...overrides,
  };
  return store;
}
