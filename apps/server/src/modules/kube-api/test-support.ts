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
