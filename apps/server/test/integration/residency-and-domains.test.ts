import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { DomainCheck, Member, OrganizationDomain } from '@alpenkube/contract';
import { auditEvents, organizations, users } from '../../src/db/schema.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import { startDnsResponder, type DnsResponder } from '../../src/lib/dns-responder.ts';
import { createTxtLookup } from '../../src/modules/members/index.ts';
import { residencyReport } from '../../src/modules/officers/residency.ts';
import { clusterOrderer, orderCluster } from '../support/clusters.ts';
import { createTestApp, registerUser, type Client, type TestApp } from '../support/test-app.ts';

/** The TXT records the test's own DNS server answers, by name; a name listed as `fail` is a SERVFAIL. */
const zone = new Map<string, string[] | 'fail'>();

describe('residency policy and domain proof', () => {
  let t: TestApp;
  let dnsServer: DnsResponder;
  let keys = 0;

  beforeAll(async () => {
    dnsServer = await startDnsResponder((name) => {
      const found = zone.get(name);
      if (found === 'fail') throw new Error('upstream down');
      return found ?? null;
    });
    t = await createTestApp({
      env: { MAIL_LIMIT_PER_IP: '10000', DNS_RESOLVER: dnsServer.address },
    });
  });
  afterAll(async () => {
    await t.close();
    await dnsServer.close();
  });

  const orderClusterIn = (client: Client, provider: string, region: string) =>
    client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `residency-${++keys}` },
      payload: {
        kind: 'cluster',
        billingCycle: 'monthly',
        cluster: {
          name: `c${keys}`,
          tier: 'blue',
          provider,
          region,
          kubernetesVersion: '1.36',
          nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
          haControlPlane: false,
          addons: [],
          supportPlan: 'basic',
        },
      },
    });
  const orderProductIn = (client: Client, region: string) =>
    client.request({
      method: 'POST',
      url: '/api/products',
      headers: { 'idempotency-key': `residency-${++keys}` },
      payload: {
        product: 'postgresql',
        plan: 'standard',
        region,
        name: `db${keys}`,
        billingCycle: 'monthly',
      },
    });
  const orderAddon = (client: Client, clusterId: number, addon: string) =>
    client.request({
      method: 'POST',
      url: '/api/addons/orders',
      headers: { 'idempotency-key': `residency-${++keys}` },
      payload: { clusterId, addon },
    });
  const auditOf = (organizationId: number, action: string) =>
    t.app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, organizationId),
          eq(auditEvents.action, action as never),
        ),
      );

  describe('residency policy', () => {
    it('starts EU only: a cluster or product outside the EU is a 403 naming the policy, inside it is ordered', async () => {
      const who = await clusterOrderer(t.app);
      const policy = await who.client.get('/api/admin/organization/residency');
      expect(policy.statusCode).toBe(200);
      expect(policy.json()).toMatchObject({
        organizationId: who.organizationId,
        policy: 'eu_only',
      });

      const us = await orderClusterIn(who.client, 'gke', 'us-east4');
      expect(us.statusCode).toBe(403);
      expect(us.json().message).toMatch(/residency policy is "EU only".*Ashburn.*us-east4/);
      // Switzerland is not the EU either, whoever runs the data centre.
      const zurich = await orderClusterIn(who.client, 'alpenkube', 'ch-zrh');
      expect(zurich.statusCode).toBe(403);
      const product = await orderProductIn(who.client, 'alpenkube:ch-zrh');
      expect(product.statusCode).toBe(403);
      expect(product.json().message).toMatch(/EU only/);

      expect((await orderClusterIn(who.client, 'gke', 'europe-west3')).statusCode).toBe(201);
      expect((await orderProductIn(who.client, 'alpenkube:eu-de-fra')).statusCode).toBe(201);
    });

    it('is set by an admin, audited; a customer cannot; any jurisdiction then orders anywhere', async () => {
      const admin = await clusterOrderer(t.app);
      const customer = await registerUser(t.app);
      await t.app.services.db
        .update(users)
        .set({ organizationId: admin.organizationId, role: 'user' })
        .where(eq(users.id, customer.user.id));
      await t.app.services.sessions.userChanged(t.app.services.db, customer.user.id);
      // Any member reads the policy, for the order forms; only an admin changes it.
      const own = await customer.client.get('/api/organization/residency');
      expect(own.json()).toMatchObject({ organizationId: admin.organizationId, policy: 'eu_only' });
      const refused = await customer.client.put('/api/admin/organization/residency', {
        policy: 'any',
      });
      expect(refused.statusCode).toBe(403);

      const bad = await admin.client.put('/api/admin/organization/residency', { policy: 'mars' });
      expect(bad.statusCode).toBe(400);
      const set = await admin.client.put('/api/admin/organization/residency', { policy: 'any' });
      expect(set.statusCode).toBe(200);
      expect(set.json().policy).toBe('any');
      const [entry] = await auditOf(admin.organizationId, 'organization.residency_policy');
      expect(entry).toMatchObject({
        actorUserId: admin.userId,
        details: expect.objectContaining({ from: 'eu_only', to: 'any' }),
      });
      expect((await orderClusterIn(admin.client, 'gke', 'us-east4')).statusCode).toBe(201);
      expect((await orderProductIn(admin.client, 'alpenkube:ch-zrh')).statusCode).toBe(201);
    });

    it('refuses an add-on for a cluster outside the EU once the policy narrowed, and the officers’ report flags the cluster', async () => {
      const who = await clusterOrderer(t.app);
      await who.client.put('/api/admin/organization/residency', { policy: 'any' });
      const order = await orderCluster(who.client, {
        name: 'virginia',
        provider: 'eks',
        region: 'us-east-1',
        addons: [],
      });
      await who.client.put('/api/admin/organization/residency', { policy: 'eu_only' });

      const addon = await orderAddon(who.client, order.clusterId!, 'monitoring');
      expect(addon.statusCode).toBe(403);
      expect(addon.json().message).toMatch(/EU only.*us-east-1/);

      const report = await residencyReport(
        t.app.services.db,
        (await t.app.services.catalog.catalog()).value,
      );
      const row = report.rows.find((one) => one.kind === 'cluster' && one.name === 'virginia');
      expect(row).toMatchObject({
        outsideEu: true,
        outsidePolicy: true,
        organization: expect.objectContaining({ residencyPolicy: 'eu_only' }),
      });
      expect(
        report.policies.find((one) => one.organization.id === who.organizationId),
      ).toMatchObject({ policy: 'eu_only', placements: 1, outsidePolicy: 1 });
    });

    it('answers another organization as a 404 to an admin who names it', async () => {
      const one = await clusterOrderer(t.app);
      const other = await clusterOrderer(t.app);
      const foreign = await one.client.get(
        `/api/admin/organization/residency?organizationId=${other.organizationId}`,
      );
      expect(foreign.statusCode).toBe(404);
      const change = await one.client.put('/api/admin/organization/residency', {
        policy: 'any',
        organizationId: other.organizationId,
      });
      expect(change.statusCode).toBe(404);
      const [row] = await t.app.services.db
        .select({ policy: organizations.residencyPolicy })
        .from(organizations)
        .where(eq(organizations.id, other.organizationId));
      expect(row!.policy).toBe('eu_only');
    });
  });

  describe('domain proof by DNS TXT', () => {
    async function founderOf(domain: string, company: string) {
      const founder = await registerUser(t.app, {
        email: `boss@${domain}`,
        companyName: company,
      });
      const [row] = await t.app.services.db
        .select({ organizationId: users.organizationId })
        .from(users)
        .where(eq(users.id, founder.user.id));
      await t.app.services.db
        .update(organizations)
        .set({ status: 'active' })
        .where(eq(organizations.id, row!.organizationId));
      return { ...founder, organizationId: row!.organizationId };
    }
    const verify = (client: Client, domain: string) =>
      client.post('/api/admin/organization/domain/verify', { domain });
    const pendingOf = async (client: Client) =>
      (await client.get('/api/admin/registrations')).json<Member[]>().map((one) => one.email);

    it('verifies only with the record, and only then do registrants at the domain wait in pending registrations', async () => {
      const founder = await founderOf('acme-dns.eu', 'Acme DNS');
      const shown = await founder.client.get('/api/admin/organization/domain');
      expect(shown.statusCode).toBe(200);
      const domain = shown.json<OrganizationDomain>();
      expect(domain).toMatchObject({
        domain: 'acme-dns.eu',
        verifiedAt: null,
        lastCheck: null,
        record: {
          name: '_alpenkube.acme-dns.eu',
          type: 'TXT',
          value: expect.stringMatching(/^alpenkube-verification=[0-9a-f]{32}$/),
        },
      });
      expect(domain.resolverNote).toContain(dnsServer.address);

      // Before the proof, an address at the domain starts an organization of its own.
      const early = await registerUser(t.app, { email: 'early@acme-dns.eu' });
      expect(await pendingOf(founder.client)).toEqual([]);
      expect((await early.client.get('/api/user')).json()).toMatchObject({ role: 'admin' });

      const missing = await verify(founder.client, 'acme-dns.eu');
      expect(missing.statusCode).toBe(200);
      expect(missing.json<DomainCheck>()).toMatchObject({
        outcome: 'not_found',
        message: expect.stringMatching(/no TXT record yet/),
        domain: { verifiedAt: null, lastCheck: { outcome: 'not_found' } },
      });

      zone.set('_alpenkube.acme-dns.eu', ['alpenkube-verification=someone-elses', 'v=spf1 -all']);
      const wrong = (await verify(founder.client, 'acme-dns.eu')).json<DomainCheck>();
      expect(wrong.outcome).toBe('not_found');
      expect(wrong.message).toMatch(/2 TXT records, none with the value/);

      zone.set('_alpenkube.acme-dns.eu', ['v=spf1 -all', domain.record!.value]);
      const found = (await verify(founder.client, 'acme-dns.eu')).json<DomainCheck>();
      expect(found).toMatchObject({
        outcome: 'found',
        domain: { verifiedAt: expect.any(String), lastCheck: { outcome: 'found' } },
      });
      const audits = await auditOf(founder.organizationId, 'organization.domain_verify');
      expect(audits.map((entry) => (entry.details as { outcome: string }).outcome)).toEqual([
        'not_found',
        'not_found',
        'found',
      ]);

      await registerUser(t.app, { email: 'late@acme-dns.eu' });
      expect(await pendingOf(founder.client)).toEqual(['late@acme-dns.eu']);
    });

    it('reports a resolver error without changing the proof, and withdraws it when the record is gone', async () => {
      const founder = await founderOf('fail-dns.eu', 'Fail DNS');
      const { record } = (
        await founder.client.get('/api/admin/organization/domain')
      ).json<OrganizationDomain>();
      zone.set(record!.name, [record!.value]);
      expect((await verify(founder.client, 'fail-dns.eu')).json().outcome).toBe('found');

      zone.set(record!.name, 'fail');
      const failed = (await verify(founder.client, 'fail-dns.eu')).json<DomainCheck>();
      expect(failed).toMatchObject({
        outcome: 'resolver_error',
        message: expect.stringMatching(/DNS lookup failed \(ESERVFAIL\)/),
        domain: { verifiedAt: expect.any(String), lastCheck: { outcome: 'resolver_error' } },
      });

      zone.delete(record!.name);
      const gone = (await verify(founder.client, 'fail-dns.eu')).json<DomainCheck>();
      expect(gone).toMatchObject({ outcome: 'not_found', domain: { verifiedAt: null } });
    });

    it("answers another organization's domain with a 404, and refuses a public mail domain", async () => {
      const owner = await founderOf('owner-dns.eu', 'Owner DNS');
      const stranger = await founderOf('stranger-dns.eu', 'Stranger DNS');
      const { record } = (
        await owner.client.get('/api/admin/organization/domain')
      ).json<OrganizationDomain>();
      zone.set(record!.name, [record!.value]);

      const foreign = await verify(stranger.client, 'owner-dns.eu');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Domain not found');
      const named = await stranger.client.get(
        `/api/admin/organization/domain?organizationId=${owner.organizationId}`,
      );
      expect(named.statusCode).toBe(404);
      const [row] = await t.app.services.db
        .select({ verifiedAt: organizations.domainVerifiedAt })
        .from(organizations)
        .where(eq(organizations.id, owner.organizationId));
      expect(row!.verifiedAt).toBeNull();

      const gmail = await stranger.client.put('/api/admin/organization/domain', {
        domain: 'gmail.com',
      });
      expect(gmail.statusCode).toBe(400);
      const url = await stranger.client.put('/api/admin/organization/domain', {
        domain: 'https://x.eu',
      });
      expect(url.statusCode).toBe(400);
      // Naming the owner's domain is allowed; proving it is not, while the owner holds the proof.
      expect((await verify(owner.client, 'owner-dns.eu')).json().outcome).toBe('found');
      const renamed = await stranger.client.put('/api/admin/organization/domain', {
        domain: 'Owner-DNS.eu',
      });
      expect(renamed.json<OrganizationDomain>()).toMatchObject({
        domain: 'owner-dns.eu',
        verifiedAt: null,
      });
      const newRecord = renamed.json<OrganizationDomain>().record!;
      expect(newRecord.value).not.toBe(record!.value);
      zone.set(newRecord.name, [record!.value, newRecord.value]);
      const taken = await verify(stranger.client, 'owner-dns.eu');
      expect(taken.statusCode).toBe(409);
    });
  });

  describe('the resolver it is configured with', () => {
    it('reads DNS_RESOLVER: the system by default outside development, servers, or embedded', () => {
      const production = {
        APP_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://alpenkube.example',
      };
      expect(loadConfig(production).dnsResolver).toEqual({ kind: 'system' });
      expect(
        loadConfig({ ...production, DNS_RESOLVER: '127.0.0.1:5353, [::1]:53' }).dnsResolver,
      ).toEqual({ kind: 'servers', servers: ['127.0.0.1:5353', '[::1]:53'] });
      expect(loadConfig({ APP_ENV: 'development', DATA_DIR: '/tmp/x' }).dnsResolver).toEqual({
        kind: 'embedded',
        recordsFile: '/tmp/x/dns-records.txt',
      });
      expect(loadConfig({ APP_ENV: 'development', DNS_RESOLVER: 'system' }).dnsResolver).toEqual({
        kind: 'system',
      });
      expect(() => loadConfig({ ...production, DNS_RESOLVER: 'dns.google' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, DNS_RESOLVER: '127.0.0.1:99999' })).toThrow(
        ConfigError,
      );
    });

    it("development's embedded DNS server answers from its records file, read at every question", async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'alpenkube-dns-'));
      const recordsFile = path.join(dir, 'dns-records.txt');
      try {
        const lookup = createTxtLookup({ kind: 'embedded', recordsFile });
        expect(lookup.note).toContain(recordsFile);
        expect(await lookup.lookup('_alpenkube.dev.example')).toEqual({ kind: 'none' });
        writeFileSync(
          recordsFile,
          '# published by hand\n_alpenkube.dev.example. TXT "alpenkube-verification=abc"\n',
        );
        expect(await lookup.lookup('_alpenkube.dev.example')).toEqual({
          kind: 'records',
          values: ['alpenkube-verification=abc'],
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it('upgrades an existing database: EU only, unless the organization already ran something outside the EU', async () => {
    const { db } = t.app.services;
    const outside = await clusterOrderer(t.app);
    await outside.client.put('/api/admin/organization/residency', { policy: 'any' });
    await orderCluster(outside.client, { name: 'ashburn', provider: 'gke', region: 'us-east4' });
    const inside = await clusterOrderer(t.app);
    await orderCluster(inside.client, { name: 'frankfurt' });
    const before = await domainsWithoutToken();

    // As the database stood before the migration: no policy, no domain token.
    const MIGRATION = '0024_residency_and_domain_proof.sql';
    for (const column of [
      'residency_policy',
      'domain_token',
      'domain_checked_at',
      'domain_check_outcome',
    ]) {
      await db.execute(sql.raw(`alter table organizations drop column ${column}`));
    }
    await db.execute(sql`delete from schema_migrations where name = ${MIGRATION}`);
    expect(await migrate(db)).toEqual([MIGRATION]);

    const policyOf = async (id: number) =>
      (
        await db
          .select({ policy: organizations.residencyPolicy })
          .from(organizations)
          .where(eq(organizations.id, id))
      )[0]!.policy;
    expect(await policyOf(outside.organizationId)).toBe('any');
    expect(await policyOf(inside.organizationId)).toBe('eu_only');
    // Every organization with a domain has a token to publish.
    expect(await domainsWithoutToken()).toBe(0);
    expect(before).toBe(0);

    async function domainsWithoutToken() {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(
          sql`${organizations.emailDomain} is not null and ${organizations.domainToken} is null`,
        );
      return rows.length;
    }
  });
});
