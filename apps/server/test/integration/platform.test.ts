import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addons,
  clusters,
  clusterTiers,
  orders,
  supportPlans,
  users,
} from '../../src/db/schema.ts';
import { syncCatalogs } from '../../src/modules/platform/index.ts';
import type { Catalog } from '@alpenkube/contract';
import { Client, createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

const rootPackage = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../package.json',
);
const rootVersion = (JSON.parse(fs.readFileSync(rootPackage, 'utf8')) as { version: string })
  .version;

const TIER_NAMES = [
  'Standard (Blue)',
  'Enterprise (Red)',
  'Economy (Green)',
  'Data Analytics',
  'AI/ML (Violet)',
  'Dev/Test (Orange)',
  'Sandbox (Gray)',
];

describe('platform calls', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const db = () => t.app.services.db;

  it('GET /api/addons answers the catalog, signed out, with prices and compatible tiers', async () => {
    const response = await new Client(t.app).get('/api/addons');
    expect(response.statusCode).toBe(200);
    const addons = response.json() as {
      slug: string;
      priceMonthly: number;
      priceYearly: number;
      unit: string;
      compatibleTiers: string[];
    }[];
    expect(addons.map((addon) => addon.slug)).toEqual([
      'ingress-nginx',
      'cert-manager',
      'monitoring',
      'logging',
      'backup',
      'service-mesh',
      'gitops',
      'gpu-operator',
      'policy',
    ]);
    const tierSlugs = new Set(['blue', 'red', 'green', 'data', 'ai', 'orange', 'sandbox']);
    for (const addon of addons) {
      expect(Number.isInteger(addon.priceMonthly)).toBe(true);
      expect(addon.priceYearly).toBeLessThanOrEqual(addon.priceMonthly * 12);
      expect(['cluster', 'node']).toContain(addon.unit);
      expect(addon.compatibleTiers.length).toBeGreaterThan(0);
      for (const slug of addon.compatibleTiers) expect(tierSlugs.has(slug), slug).toBe(true);
    }
    expect(addons.find((addon) => addon.slug === 'gpu-operator')!.compatibleTiers).toEqual(['ai']);
  });

  it('GET /api/cluster-tiers answers the seven tiers in order, with whole-cent prices', async () => {
    const response = await new Client(t.app).get('/api/cluster-tiers');
    expect(response.statusCode).toBe(200);
    const tiers = response.json() as Record<string, unknown>[];
    expect(tiers.map((tier) => tier.name)).toEqual(TIER_NAMES);
    expect(new Set(tiers.map((tier) => tier.id)).size).toBe(7);
    for (const tier of tiers) {
      expect(tier).toMatchObject({
        id: expect.any(Number),
        slug: expect.any(String),
        description: expect.any(String),
      });
      expect(tier.description).not.toBe('');
      for (const key of [
        'priceMonthly',
        'priceYearly',
        'nodePriceMonthly',
        'nodePriceYearly',
        'controlPlanePriceMonthly',
        'controlPlanePriceYearly',
      ]) {
        expect(Number.isInteger(tier[key]), `${String(tier.name)} ${key}`).toBe(true);
        expect(tier[key] as number).toBeGreaterThanOrEqual(0);
      }
      // A year costs no more than twelve months.
      expect(tier.priceYearly as number).toBeLessThanOrEqual((tier.priceMonthly as number) * 12);
      expect((tier.nodeSizes as unknown[]).length).toBeGreaterThan(0);
    }
    // It is public: no session needed, and it comes from the database.
    const rows = await db().select().from(clusterTiers);
    expect(rows.map((row) => row.id).sort()).toEqual(tiers.map((tier) => tier.id).sort());
  });

  it('GET /api/catalog answers everything prices need, seeded by the migration', async () => {
    const response = await new Client(t.app).get('/api/catalog');
    expect(response.statusCode).toBe(200);
    const catalog = response.json() as Catalog;
    expect(catalog.currency).toBe('USD');
    expect(catalog.tiers.map((tier) => tier.name)).toEqual(TIER_NAMES);

    // The own sovereign EU cloud first and by default, then the seven named providers.
    expect(catalog.providers.map((provider) => provider.service)).toEqual([
      'Alpenkube Kubernetes',
      'GKE',
      'EKS',
      'AKS',
      'IKS',
      'CCE',
      'ACK',
      'DOKS',
    ]);
    expect(catalog.providers.filter((provider) => provider.isDefault).map((p) => p.slug)).toEqual([
      'alpenkube',
    ]);
    expect(catalog.providers[0]!.regions.length).toBeGreaterThanOrEqual(6);
    for (const provider of catalog.providers) {
      expect(provider.regions.length, provider.slug).toBeGreaterThanOrEqual(3);
      expect(provider.regions.some((region) => region.jurisdiction === 'eu')).toBe(true);
      for (const region of provider.regions) {
        expect(region.priceFactorBasisPoints).toBeGreaterThan(0);
        expect(region.country).toMatch(/^[A-Z]{2}$/);
      }
    }
    const gke = catalog.providers.find((provider) => provider.slug === 'gke')!;
    expect(gke.regions).toContainEqual(
      expect.objectContaining({ code: 'europe-west3', city: 'Frankfurt', jurisdiction: 'eu' }),
    );
    const eks = catalog.providers.find((provider) => provider.slug === 'eks')!;
    expect(eks.regions).toContainEqual(
      expect.objectContaining({ code: 'us-east-1', city: 'Virginia', jurisdiction: 'non_eu' }),
    );

    // Three supported minors, newest first and the default.
    expect(catalog.kubernetesVersions).toHaveLength(3);
    expect(catalog.kubernetesVersions[0]!.isDefault).toBe(true);
    expect(catalog.kubernetesVersions.filter((version) => version.isDefault)).toHaveLength(1);
    for (const version of catalog.kubernetesVersions) {
      expect(version.latestPatch.startsWith(`${version.minor}.`)).toBe(true);
      expect(version.endOfSupport).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }

    expect(catalog.supportPlans.map((plan) => plan.slug)).toEqual([
      'basic',
      'business',
      'enterprise',
    ]);
    expect(catalog.supportPlans[0]!.priceMonthly).toBe(0);
    expect(catalog.addons.length).toBeGreaterThan(0);

    // GPU sizes only in the AI/ML tier, and every size has a whole-cent price per node.
    for (const tier of catalog.tiers) {
      const gpuSizes = tier.nodeSizes.filter((size) => size.gpu);
      expect(gpuSizes.length > 0, tier.slug).toBe(tier.slug === 'ai');
      for (const size of tier.nodeSizes) {
        expect(Number.isInteger(size.priceMonthly) && size.priceMonthly > 0).toBe(true);
      }
      expect(tier.nodePriceMonthly).toBe(tier.nodeSizes[0]!.priceMonthly);
    }
  });

  it("the start-up sync puts the catalog's texts into a database seeded with older ones", async () => {
    // What migration 0005 seeded, before docs/catalog-claims.md reworded it.
    await db()
      .update(clusterTiers)
      .set({
        features: ['Managed control plane', 'Cluster autoscaler'],
        sla: '99.9% API availability',
      })
      .where(eq(clusterTiers.slug, 'blue'));
    await db()
      .update(addons)
      .set({
        description: 'NGINX ingress with a managed EU load balancer and automatic DNS records.',
      })
      .where(eq(addons.slug, 'ingress-nginx'));
    await db()
      .update(supportPlans)
      .set({
        description:
          'A named technical account manager, 15-minute response to critical incidents and quarterly reviews.',
      })
      .where(eq(supportPlans.slug, 'enterprise'));

    await syncCatalogs(db());

    const catalog = (await new Client(t.app).get('/api/catalog')).json() as Catalog;
    const blue = catalog.tiers.find((tier) => tier.slug === 'blue')!;
    expect(blue.features).toContain('Resizable node pools');
    expect(blue.features).not.toContain('Cluster autoscaler');
    expect(blue.sla).toBe('99.9% API availability target');
    expect(catalog.addons.find((addon) => addon.slug === 'ingress-nginx')!.description).not.toMatch(
      /load balancer/,
    );
    const enterprise = catalog.supportPlans.find((plan) => plan.slug === 'enterprise')!;
    expect(enterprise.description).not.toMatch(/account manager/);
    expect(enterprise.responseMinutes).toEqual({ urgent: 15, high: 60, normal: 240, low: 480 });
  });

  it('GET /api/version/summary answers the package version and the development environment', async () => {
    const response = await new Client(t.app).get('/api/version/summary');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      displayVersion: `v${rootVersion}`,
      version: rootVersion,
      environment: 'development',
    });
  });

  it("GET /api/version/summary says 'production' under APP_ENV=production", async () => {
    const prod = await createTestApp({
      reset: false,
      env: {
        APP_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://cloud.example.eu',
      },
    });
    try {
      const response = await new Client(prod.app).get('/api/version/summary');
      expect(response.json()).toMatchObject({
        displayVersion: `v${rootVersion}`,
        environment: 'production',
      });
    } finally {
      await prod.close();
    }
  });

  it("GET /api/sidebar-counts counts only the user's organization, leaving deleted clusters out", async () => {
    const mine = await registerUser(t.app, { username: 'mine', companyName: 'Mine GmbH' });
    const theirs = await registerUser(t.app, { username: 'theirs', companyName: 'Theirs SA' });
    const orgOf = async (id: number) =>
      (await db().select().from(users).where(eq(users.id, id)))[0]!.organizationId;
    const myOrg = await orgOf(mine.user.id);
    const theirOrg = await orgOf(theirs.user.id);
    expect(myOrg).not.toBe(theirOrg);

    expect((await mine.client.get('/api/sidebar-counts')).json()).toEqual({
      clusters: 0,
      orders: { total: 0 },
    });

    const [tier] = await db().select().from(clusterTiers).limit(1);
    const cluster = (
      organizationId: number,
      name: string,
      status: (typeof clusters.$inferInsert)['status'],
    ) => ({
      organizationId,
      name,
      tierId: tier!.id,
      provider: 'hetzner',
      region: 'fsn1',
      kubernetesVersion: '1.31',
      nodePools: [{ name: 'default', size: 's-2vcpu-4gb', count: 3 }],
      status,
    });
    await db()
      .insert(clusters)
      .values([
        cluster(myOrg, 'prod', 'running'),
        cluster(myOrg, 'staging', 'provisioning'),
        cluster(myOrg, 'old', 'deleted'),
        cluster(theirOrg, 'theirs-1', 'running'),
        cluster(theirOrg, 'theirs-2', 'running'),
        cluster(theirOrg, 'theirs-3', 'running'),
      ]);
    const order = (organizationId: number) => ({
      organizationId,
      kind: 'cluster' as const,
      lines: [
        {
          kind: 'control_plane' as const,
          ref: 'standard',
          description: 'Control plane',
          quantity: 1,
          unitMonthly: 1000,
          unitYearly: 10_000,
          monthly: 1000,
          yearly: 10_000,
        },
      ],
      subtotalCents: 1000,
      totalCents: 1000,
    });
    await db()
      .insert(orders)
      .values([order(myOrg), order(theirOrg), order(theirOrg), order(theirOrg), order(theirOrg)]);

    const response = await mine.client.get('/api/sidebar-counts');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ clusters: 2, orders: { total: 1 } });
    expect((await theirs.client.get('/api/sidebar-counts')).json()).toEqual({
      clusters: 3,
      orders: { total: 4 },
    });

    const anonymous = await new Client(t.app).get('/api/sidebar-counts');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
  });

  it('GET /api/officers/check-access answers false for a normal user and true for an officer', async () => {
    const { client, user } = await registerUser(t.app, { username: 'maybe-officer' });
    const before = await client.get('/api/officers/check-access');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBe(false);

    await db().update(users).set({ officerAccess: true }).where(eq(users.id, user.id));
    await t.app.services.sessions.userChanged(db(), user.id);
    const after = await client.get('/api/officers/check-access');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toBe(true);

    const anonymous = await new Client(t.app).get('/api/officers/check-access');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
  });

  it('GET /api/health answers that the database is reachable', async () => {
    const response = await new Client(t.app).get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /api/openapi.json is an OpenAPI 3 document of the API', async () => {
    const response = await new Client(t.app).get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      info: { title: string };
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));
    for (const [route, method] of [
      ['/api/login', 'post'],
      ['/api/register', 'post'],
      ['/api/notifications', 'get'],
      ['/api/user', 'get'],
      ['/api/cluster-tiers', 'get'],
    ] as const) {
      expect(doc.paths[route], route).toBeDefined();
      expect(doc.paths[route]![method], `${method} ${route}`).toBeDefined();
    }
    // The request bodies come from the contract's schemas.
    expect(JSON.stringify(doc.paths['/api/register']!.post)).toContain('username');
  });

  it('GET /api/openapi.json goes gzipped to a client that accepts it, the same document', async () => {
    const plain = await new Client(t.app).get('/api/openapi.json');
    const zipped = await new Client(t.app).request({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const refused = await new Client(t.app).request({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('GET /api/openapi.json files every operation under a tag the document describes', async () => {
    const doc = (await new Client(t.app).get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
      tags: { name: string; description: string }[];
    };
    const described = new Set(doc.tags.map((tag) => tag.name));
    const untagged: string[] = [];
    const undescribed = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.tags?.length) untagged.push(`${method.toUpperCase()} ${path}`);
        for (const tag of operation.tags ?? []) if (!described.has(tag)) undescribed.add(tag);
      }
    }
    expect({ untagged, undescribed: [...undescribed] }).toEqual({ untagged: [], undescribed: [] });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
  });
});
