import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { AuditPage, DataSubjectRequest, Person, ResidencyReport } from '@alpenkube/contract';
import {
  apiTokens,
  auditEvents,
  billingDetails,
  clusterEvents,
  clusterOperations,
  clusters,
  creditTransactions,
  dataSubjectRequests,
  invitations,
  invoices,
  leads,
  newsletterSubscriptions,
  notifications,
  orderEvents,
  orders,
  organizations,
  paymentMethods,
  productInstances,
  promotionRequests,
  rateLimitEvents,
  supportAttachments,
  supportTicketMessages,
  supportTickets,
  users,
} from '../../src/db/schema.ts';
import {
  Client,
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

const DAY = 86_400_000;

/** An invoice of the organization, made out as `billedTo` says. */
const invoiceRow = (
  organizationId: number,
  number: string,
  billedTo: { name: string; address: string; email: string },
) => ({
  organizationId,
  number,
  periodStart: new Date('2026-01-01T00:00:00Z'),
  periodEnd: new Date('2026-02-01T00:00:00Z'),
  subtotalCents: 1000,
  vatTreatment: 'standard' as const,
  vatRateBasisPoints: 0,
  taxCents: 0,
  totalCents: 1000,
  prepaidCents: 0,
  amountDueCents: 1000,
  billedTo: { ...billedTo, country: 'DE', vatNumber: null },
});

describe('officers panel', () => {
  let t: TestApp;
  const db = () => t.app.services.db;
  let officer: Client;
  let officerId: number;
  let customer: Client;
  let admin: Client;

  /**
   * A registered person given officer access and, as platform staff need, two-factor; signed
   * in (as after their second factor) so the session carries both.
   */
  async function makeOfficer() {
    const { user } = await registerUser(t.app, { name: 'Olga Officer' });
    await db()
      .update(users)
      .set({ officerAccess: true, emailVerified: true, totpEnabled: true })
      .where(eq(users.id, user.id));
    const client = new Client(t.app);
    const token = await t.app.services.sessions.create(db(), user.id, {
      userAgent: 'officers-test',
      ip: '127.0.0.1',
    });
    client.setCookie('sid', token);
    return { client, id: user.id };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    ({ client: officer, id: officerId } = await makeOfficer());
    ({ client: admin } = await registerUser(t.app));
    const registered = await registerUser(t.app);
    await db().update(users).set({ role: 'user' }).where(eq(users.id, registered.user.id));
    customer = new Client(t.app);
    await customer.post('/api/login', {
      username: registered.body.username,
      password: STRONG_PASSWORD,
    });
  });
  afterAll(() => t.close());

  it('is for officers only: signed out 401, customer and admin 403', async () => {
    const paths = [
      '/api/officers/audit-events',
      '/api/officers/residency',
      '/api/officers/data-subject-requests',
    ];
    for (const path of paths) {
      expect((await new Client(t.app).get(path)).statusCode, path).toBe(401);
      expect((await customer.get(path)).statusCode, path).toBe(403);
      expect((await admin.get(path)).statusCode, path).toBe(403);
      expect((await officer.get(path)).statusCode, path).toBe(200);
    }
  });

  describe('audit log', () => {
    let orgA: number;
    let orgB: number;
    let alice: { id: number; username: string; email: string };
    const base = Date.parse('2026-03-01T12:00:00Z');

    beforeAll(async () => {
      const [a, b] = await db()
        .insert(organizations)
        .values([
          { name: 'Audit A', nameKey: 'audit a', billingId: 'BID-AUDA', status: 'active' },
          { name: 'Audit B', nameKey: 'audit b', billingId: 'BID-AUDB', status: 'active' },
        ])
        .returning();
      orgA = a!.id;
      orgB = b!.id;
      const [row] = await db()
        .insert(users)
        .values({
          organizationId: orgA,
          username: 'alice-audit',
          email: 'alice.audit@example.com', // Stored lower-cased, as every form stores it.
          passwordHash: 'x',
        })
        .returning();
      alice = row!;
      const at = (days: number) => new Date(base + days * DAY);
      await db()
        .insert(auditEvents)
        .values([
          {
            at: at(0),
            actorUserId: alice.id,
            organizationId: orgA,
            action: 'auth.sign_in',
            outcome: 'success',
          },
          {
            at: at(1),
            actorUserId: alice.id,
            organizationId: orgA,
            action: 'auth.sign_in',
            outcome: 'failure',
            ip: '203.0.113.9',
          },
          {
            at: at(2),
            actorUserId: alice.id,
            organizationId: orgA,
            action: 'order.create',
            outcome: 'success',
          },
          {
            at: at(3),
            actorUserId: null,
            organizationId: orgB,
            action: 'auth.sign_in',
            outcome: 'failure',
          },
          {
            at: at(4),
            actorUserId: null,
            organizationId: orgB,
            action: 'cluster.kubeconfig',
            outcome: 'success',
            targetType: 'cluster',
            targetId: '7',
          },
          {
            at: at(5),
            actorUserId: alice.id,
            organizationId: orgA,
            action: 'cluster.delete',
            outcome: 'success',
            userAgent: 'Mozilla "quoted", with comma\nand a line',
            details: { name: '=cmd|calc' },
          },
          {
            at: at(6),
            actorUserId: alice.id,
            organizationId: orgA,
            action: 'auth.sign_out',
            outcome: 'success',
          },
        ]);
    });

    const page = async (query: string) => {
      const response = await officer.get(`/api/officers/audit-events?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditPage>();
    };
    const actions = (p: AuditPage) => p.events.map((event) => event.action);

    it('narrows by organization, newest first, with actor and organization names', async () => {
      const result = await page(`organization=${orgB}`);
      expect(actions(result)).toEqual(['cluster.kubeconfig', 'auth.sign_in']);
      const all = await page(`organization=${orgA}`);
      expect(all.events).toHaveLength(5);
      expect(all.events[0]!.organization).toEqual({ id: orgA, name: 'Audit A' });
      expect(all.events[0]!.actor).toEqual({ id: alice.id, username: 'alice-audit' });
    });

    it('narrows by actor: id, username or e-mail (any case)', async () => {
      for (const actor of [String(alice.id), 'alice-audit', 'ALICE.audit@example.com']) {
        const result = await page(`actor=${encodeURIComponent(actor)}`);
        expect(result.events, actor).toHaveLength(5);
      }
      expect((await page('actor=nobody-at-all')).events).toEqual([]);
    });

    it('narrows by exact action and by prefix', async () => {
      const both = `organization=${orgA}`;
      expect(actions(await page(`${both}&action=auth.sign_in`))).toEqual([
        'auth.sign_in',
        'auth.sign_in',
      ]);
      expect(actions(await page(`${both}&action=auth.`))).toEqual([
        'auth.sign_out',
        'auth.sign_in',
        'auth.sign_in',
      ]);
      expect(actions(await page(`${both}&action=cluster.`))).toEqual(['cluster.delete']);
      expect((await officer.get(`/api/officers/audit-events?action=a%20b`)).statusCode).toBe(400);
    });

    it('narrows by outcome and by time', async () => {
      const failures = await page('outcome=failure');
      expect(failures.events.every((event) => event.outcome === 'failure')).toBe(true);
      expect(failures.events.map((event) => event.organization?.id)).toEqual([orgB, orgA]);
      const window = await page(
        `organization=${orgA}&from=${new Date(base + DAY).toISOString()}&to=${new Date(base + 2 * DAY).toISOString()}`,
      );
      expect(actions(window)).toEqual(['order.create', 'auth.sign_in']);
      expect((await officer.get('/api/officers/audit-events?from=yesterday')).statusCode).toBe(400);
    });

    it('pages with a keyset: no event twice, none skipped', async () => {
      const seen: number[] = [];
      let before: number | null = null;
      let pages = 0;
      do {
        const result: AuditPage = await page(
          `organization=${orgA}&limit=2${before ? `&before=${before}` : ''}`,
        );
        seen.push(...result.events.map((event) => event.id));
        before = result.nextBefore;
        pages += 1;
      } while (before !== null);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(5);
      const all = await page(`organization=${orgA}`);
      expect(seen).toEqual(all.events.map((event) => event.id));
    });

    it('exports the filter as CSV with a header and proper quoting', async () => {
      const response = await officer.get(
        `/api/officers/audit-events.csv?organization=${orgA}&action=cluster.`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
      const [header, ...rest] = response.body.split('\r\n');
      expect(header).toBe(
        'id,at,actor_id,actor,organization_id,organization,action,target_type,target_id,outcome,ip,user_agent,details',
      );
      const row = rest.join('\r\n');
      expect(row).toContain('"Mozilla ""quoted"", with comma\nand a line"');
      expect(row).toContain('"{""name"":""=cmd|calc""}"');
      expect(row).toContain(',cluster.delete,');
    });

    it('refuses to change or delete the trail, in SQL itself', async () => {
      const [one] = await db().select().from(auditEvents).limit(1);
      await expect(db().execute(sql`update audit_events set action = 'x'`)).rejects.toThrow();
      await expect(
        db().execute(sql`delete from audit_events where id = ${one!.id}`),
      ).rejects.toThrow();
      await expect(db().execute(sql`delete from audit_events`)).rejects.toThrow();
      const [still] = await db().select().from(auditEvents).where(eq(auditEvents.id, one!.id));
      expect(still).toEqual(one);
    });
  });

  describe('data-subject requests', () => {
    let person: { id: number; username: string; email: string };
    let personClient: Client;
    let organizationId: number;
    const NAME = 'Zelda Quintessa';

    beforeAll(async () => {
      const username = `zquint${Date.now() % 100000}`;
      // Before registering, they mistyped their password with their address as the username:
      // a sign-in failure of no account yet, which the trail must not keep in words.
      await new Client(t.app).post('/api/login', {
        username: `${username}@example.com`,
        password: 'not-the-password-1',
      });
      const registered = await registerUser(t.app, { username, name: NAME });
      person = registered.user;
      personClient = registered.client;
      const [row] = await db().select().from(users).where(eq(users.id, person.id));
      organizationId = row!.organizationId;
      await seedPersonRows();
    });

    /** The person in every table that can hold them, beyond what registration wrote. */
    async function seedPersonRows() {
      const d = db();
      const [order] = await d
        .insert(orders)
        .values({
          organizationId,
          userId: person.id,
          kind: 'support',
          description: 'Support plan',
          lines: [],
          subtotalCents: 100,
          totalCents: 100,
        })
        .returning();
      await d.insert(orderEvents).values({ orderId: order!.id, status: 'pending_payment' });
      const [ticket] = await d
        .insert(supportTickets)
        .values({
          number: 'T-ZQ1',
          trackingCode: 'ZQZQ-0001',
          organizationId,
          userId: person.id,
          email: person.email,
          name: NAME,
          category: 'technical',
          severity: 'normal',
          subject: `Help for ${NAME}`,
        })
        .returning();
      const [message] = await d
        .insert(supportTicketMessages)
        .values({
          ticketId: ticket!.id,
          author: 'customer',
          authorName: NAME,
          authorUserId: person.id,
          body: `Regards, ${NAME} (${person.email})`,
        })
        .returning();
      await d.insert(supportAttachments).values({
        ticketId: ticket!.id,
        messageId: message!.id,
        fileName: 'log.txt',
        contentType: 'text/plain',
        sizeBytes: 3,
        sha256: 'abc',
        data: Buffer.from('log'),
      });
      await d.insert(apiTokens).values({
        userId: person.id,
        organizationId,
        name: 'ci',
        prefix: 'ak_zq',
        tokenHash: `zq-${Date.now()}`,
        scopes: ['clusters:read'],
        expiresAt: new Date(Date.now() + DAY),
      });
      await d
        .insert(promotionRequests)
        .values({ userId: person.id, organizationId, reason: `I am ${NAME}, please promote me` });
      await d.insert(invitations).values({
        organizationId,
        email: person.email,
        role: 'user',
        tokenHash: `inv-zq-${Date.now()}`,
        expiresAt: new Date(Date.now() + DAY),
      });
      const [tier] = (await t.app.services.catalog.tiers()).value;
      const [cluster] = await d
        .insert(clusters)
        .values({
          organizationId,
          name: 'zq-cluster',
          tierId: tier!.id,
          provider: 'alpenkube',
          region: 'eu-de-fra',
          kubernetesVersion: '1.37',
          status: 'running',
        })
        .returning();
      await d
        .insert(clusterOperations)
        .values({ clusterId: cluster!.id, kind: 'scale', steps: [], requestedBy: person.id });
      await d.insert(clusterEvents).values({
        clusterId: cluster!.id,
        kind: 'action',
        status: 'running',
        message: `Scaled by ${NAME}`,
        actorUserId: person.id,
        actorName: NAME,
      });
      await d.insert(creditTransactions).values({
        organizationId,
        kind: 'grant',
        amountCents: 100,
        balanceAfterCents: 100,
        description: 'Welcome credit',
        actorUserId: person.id,
      });
      await d.insert(paymentMethods).values({
        organizationId,
        gateway: 'test',
        gatewayToken: `tok_zq_${Date.now()}`,
        brand: 'Visa',
        last4: '4242',
        fingerprint: `fp-zq-${Date.now()}`,
        expMonth: 12,
        expYear: 2099,
        addedBy: person.id,
      });
      await d.insert(leads).values({
        kind: 'contact',
        name: NAME,
        email: person.email.toUpperCase(),
        company: 'Quintessa Consulting',
        details: { message: `Call ${NAME} back` },
        ip: '198.51.100.7',
      });
      await d.insert(newsletterSubscriptions).values({
        email: person.email,
        status: 'confirmed',
        unsubscribeTokenHash: `unsub-zq-${Date.now()}`,
      });
      await d.insert(invoices).values(
        invoiceRow(organizationId, `INV-ZQ-${Date.now()}`, {
          name: `${NAME}'s organization`,
          address: 'Street 1',
          email: person.email,
        }),
      );
      // Another admin of the organization, and their notification naming the person, as a
      // request to join wrote it before it stopped naming anyone.
      const [colleague] = await d
        .insert(users)
        .values({
          organizationId,
          username: `zqcolleague${Date.now() % 100000}`,
          email: `zqcolleague${Date.now() % 100000}@example.com`,
          passwordHash: 'x',
          role: 'admin',
        })
        .returning();
      // A ticket of another organization they handle, and a request they handled as an officer.
      await d.insert(supportTickets).values({
        number: 'T-ZQ2',
        trackingCode: 'ZQZQ-0002',
        organizationId: null,
        email: 'someone@example.org',
        name: 'Someone Else',
        category: 'technical',
        severity: 'normal',
        subject: 'Cluster question',
        assigneeId: person.id,
      });
      await d.insert(dataSubjectRequests).values({
        kind: 'export',
        subjectUserId: officerId,
        officerUserId: person.id,
        reason: 'Art. 15 request received by mail',
      });
      await d.insert(notifications).values({
        userId: colleague!.id,
        type: 'info',
        message: `${person.username} (${person.email}) asked to join. Review the request.`,
      });
      // What the colleague did to them: the colleague's address and browser are not theirs.
      await d.insert(auditEvents).values({
        actorUserId: colleague!.id,
        organizationId,
        action: 'user.role_change',
        outcome: 'success',
        targetType: 'user',
        targetId: String(person.id),
        ip: '203.0.113.77',
        userAgent: 'Colleague Browser 1.0',
        details: { from: 'user', to: 'admin' },
      });
      // Whom they invited, and a colleague's request they answered: others' words and address.
      await d.insert(invitations).values({
        organizationId,
        email: 'invited.friend@example.org',
        role: 'user',
        tokenHash: `inv-zq-sent-${Date.now()}`,
        invitedBy: person.id,
        expiresAt: new Date(Date.now() + DAY),
      });
      await d.insert(promotionRequests).values({
        userId: colleague!.id,
        organizationId,
        reason: 'My own reasons, which are mine to keep',
        status: 'refused',
        decidedBy: person.id,
        decidedAt: new Date(),
        decisionNote: 'Not this quarter',
      });
    }

    it('finds a person by username, e-mail or name', async () => {
      for (const q of [person.username, person.email.toUpperCase(), 'quintessa']) {
        const response = await officer.get(`/api/officers/people?q=${encodeURIComponent(q)}`);
        expect(response.statusCode).toBe(200);
        expect(
          response.json<Person[]>().map((one) => one.id),
          q,
        ).toContain(person.id);
      }
      expect((await officer.get('/api/officers/people?q=a')).statusCode).toBe(400);
    });

    it('exports a zip with a file for every table that holds the person', async () => {
      const short = await officer.post('/api/officers/data-subject-requests/export', {
        userId: person.id,
        password: STRONG_PASSWORD,
        reason: 'too short',
      });
      expect(short.statusCode).toBe(400);
      // A reset link mailed to them (anyone can ask for one) must not travel in the export.
      const reset = await new Client(t.app).post('/api/auth/forgot-password', {
        email: person.email,
      });
      expect(reset.statusCode).toBe(200);
      const response = await officer.request({
        method: 'POST',
        url: '/api/officers/data-subject-requests/export',
        payload: {
          userId: person.id,
          password: STRONG_PASSWORD,
          reason: 'Art. 15 request received by mail on 2026-11-20',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
      const files = unzipSync(new Uint8Array(response.rawPayload));
      const json = (name: string) => {
        expect(files[name], name).toBeDefined();
        return strFromU8(files[name]!);
      };
      const user = JSON.parse(json('user.json')) as Record<string, unknown>;
      expect(user.username).toBe(person.username);
      expect(user).not.toHaveProperty('passwordHash');
      expect(user).not.toHaveProperty('totpSecret');
      // Each resource holds the person's rows: by their id or their address.
      const byId = [
        'sessions.json',
        'devices.json',
        'auth-tokens.json',
        'notifications.json',
        'orders.json',
        'tickets.json',
        'ticket-messages.json',
        'api-tokens.json',
        'promotion-requests.json',
        'cluster-operations.json',
        'cluster-events.json',
        'audit-events.json',
      ];
      for (const name of byId) {
        const rows = JSON.parse(json(name)) as Record<string, unknown>[];
        expect(rows.length, name).toBeGreaterThan(0);
        expect(JSON.stringify(rows), name).toContain(String(person.id));
      }
      for (const name of ['invitations.json', 'newsletter.json', 'mail.json', 'leads.json']) {
        expect(json(name).toLowerCase(), name).toContain(person.email.toLowerCase());
      }
      // Events others did to them: the action and time, not the other person's data.
      const events = JSON.parse(json('audit-events.json')) as Record<string, unknown>[];
      const byColleague = events.find((one) => one.action === 'user.role_change');
      expect(byColleague).toMatchObject({
        targetId: String(person.id),
        outcome: 'success',
        details: { from: 'user', to: 'admin' },
      });
      expect(byColleague!.at).toEqual(expect.any(String));
      for (const field of ['actorUserId', 'ip', 'userAgent']) {
        expect(byColleague).not.toHaveProperty(field);
      }
      expect(json('audit-events.json')).not.toMatch(/203\.0\.113\.77|Colleague Browser/);
      expect(json('invitations.json')).not.toContain('invited.friend@example.org');
      const sent = (JSON.parse(json('invitations.json')) as Record<string, unknown>[]).find(
        (one) => one.invitedBy === person.id,
      );
      expect(sent).toMatchObject({ role: 'user' });
      expect(sent).not.toHaveProperty('email');
      expect(json('promotion-requests.json')).not.toContain('mine to keep');
      expect(json('promotion-requests.json')).toContain('Not this quarter');
      // Their own keep where they came from.
      const own = events.find((one) => one.actorUserId === person.id);
      expect(own).toHaveProperty('userAgent');
      expect(JSON.parse(json('order-notes.json'))).toHaveLength(1);
      expect(JSON.parse(json('ticket-attachments.json'))[0]).not.toHaveProperty('data');
      expect(json('api-tokens.json')).not.toContain('tokenHash');
      const billing = JSON.parse(json('billing-actions.json')) as Record<string, unknown[]>;
      expect(billing.creditTransactions).toHaveLength(1);
      expect(billing.paymentMethodsAdded).toHaveLength(1);
      expect(json('organization.json')).toContain(String(organizationId));

      // Mail as metadata only: no body, so no live token anywhere in the archive.
      const mail = JSON.parse(json('mail.json')) as Record<string, unknown>[];
      expect(mail.some((one) => /reset/i.test(String(one.subject)))).toBe(true);
      expect(mail.every((one) => !('text' in one))).toBe(true);
      for (const [name, bytes] of Object.entries(files)) {
        expect(strFromU8(bytes), name).not.toMatch(/token=|invitation=/);
      }
      // What they handled for others: tickets assigned to them, requests they answered.
      expect(JSON.parse(json('tickets-assigned.json'))).toMatchObject([{ number: 'T-ZQ2' }]);
      const handled = JSON.parse(json('data-subject-requests.json')) as { officerUserId: number }[];
      expect(handled.some((one) => one.officerUserId === person.id)).toBe(true);

      const requests = (await officer.get('/api/officers/data-subject-requests')).json<
        DataSubjectRequest[]
      >();
      expect(requests[0]).toMatchObject({ kind: 'export', subject: { id: person.id } });
      const audited = await officer.get(
        `/api/officers/audit-events?action=gdpr.export&actor=${officerId}`,
      );
      expect(audited.json<AuditPage>().events[0]).toMatchObject({
        targetType: 'user',
        targetId: String(person.id),
      });
    });

    it('asks for the officer’s own password again, and limits how many requests they make', async () => {
      const before = await db()
        .select({ id: dataSubjectRequests.id })
        .from(dataSubjectRequests)
        .where(eq(dataSubjectRequests.subjectUserId, person.id));
      const body = { userId: person.id, reason: 'Art. 15 request received by mail' };
      const missing = await officer.post('/api/officers/data-subject-requests/export', body);
      expect(missing.statusCode).toBe(400);
      const wrong = await officer.post('/api/officers/data-subject-requests/export', {
        ...body,
        password: 'a-borrowed-session',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe('The password is not correct.');
      const wrongErasure = await officer.post('/api/officers/data-subject-requests/erasure', {
        ...body,
        confirmation: person.username,
        password: 'a-borrowed-session',
      });
      expect(wrongErasure.statusCode).toBe(403);
      expect((await personClient.get('/api/user')).statusCode).toBe(200);
      const after = await db()
        .select({ id: dataSubjectRequests.id })
        .from(dataSubjectRequests)
        .where(eq(dataSubjectRequests.subjectUserId, person.id));
      expect(after).toEqual(before);

      // Wrong guesses slow down as at sign-in.
      const guesser = await makeOfficer();
      let slowed = null;
      for (let attempt = 0; attempt < 7 && !slowed; attempt += 1) {
        const guess = await guesser.client.post('/api/officers/data-subject-requests/export', {
          ...body,
          password: `guess-${attempt}`,
        });
        if (guess.statusCode === 429) slowed = guess;
      }
      expect(slowed?.headers['retry-after']).toBeDefined();

      // And one officer makes at most 20 exports and erasures an hour.
      const busy = await makeOfficer();
      await db()
        .insert(rateLimitEvents)
        .values(
          Array.from({ length: 20 }, () => ({
            bucket: 'data-subject-request',
            key: `user:${busy.id}`,
          })),
        );
      const limited = await busy.client.post('/api/officers/data-subject-requests/export', {
        ...body,
        password: STRONG_PASSWORD,
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/Too many exports and erasures/);
    });

    it('erases only with the username typed again, never oneself', async () => {
      const mismatch = await officer.post('/api/officers/data-subject-requests/erasure', {
        userId: person.id,
        password: STRONG_PASSWORD,
        reason: 'Art. 17 request received by mail',
        confirmation: `${person.username}x`,
      });
      expect(mismatch.statusCode).toBe(400);
      const self = await officer.post('/api/officers/data-subject-requests/erasure', {
        userId: officerId,
        password: STRONG_PASSWORD,
        reason: 'Art. 17 request received by mail',
        confirmation: 'whatever',
      });
      expect(self.statusCode).toBe(400);
    });

    it('refuses to erase the last active super admin', async () => {
      const [boss] = await db()
        .insert(users)
        .values({
          organizationId,
          username: 'only-boss',
          email: 'only-boss@example.com',
          passwordHash: 'x',
          role: 'super_admin',
        })
        .returning();
      const response = await officer.post('/api/officers/data-subject-requests/erasure', {
        userId: boss!.id,
        password: STRONG_PASSWORD,
        reason: 'Art. 17 request received by mail',
        confirmation: 'only-boss',
      });
      expect(response.statusCode).toBe(409);
    });

    it('erases the person: no trace in any column of any table, invoices and audit kept', async () => {
      expect((await personClient.get('/api/user')).statusCode).toBe(200);
      const response = await officer.post('/api/officers/data-subject-requests/erasure', {
        userId: person.id,
        password: STRONG_PASSWORD,
        reason: `Erasure asked by ${person.username} on 2026-11-21`,
        confirmation: person.username,
      });
      expect(response.statusCode, response.body).toBe(200);
      const request = response.json<DataSubjectRequest>();
      expect(request.pseudonym).toMatch(/^erased-[a-z0-9]{6}$/);
      expect(request.subject.username).toBe(request.pseudonym);

      // Their session ended at once.
      expect((await personClient.get('/api/user')).statusCode).toBe(401);

      const columns = await db().execute<{ table_name: string; column_name: string }>(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
      const list = columns.rows;
      expect(list.length).toBeGreaterThan(50);
      const found: string[] = [];
      for (const { table_name: table, column_name: column } of list) {
        const rows = await db().execute<{ n: number }>(sql`
          select count(*)::int as n from ${sql.identifier(table)}
          where ${sql.identifier(column)}::text ilike ${`%${person.username}%`}
             or ${sql.identifier(column)}::text ilike ${`%${person.email}%`}
             or ${sql.identifier(column)}::text ilike ${`%${NAME}%`}`);
        const n = rows.rows[0]!.n;
        if (n > 0) found.push(`${table}.${column}: ${n}`);
      }
      expect(found).toEqual([]);

      // Invoices and the audit trail stay, and read as the pseudonym.
      const [invoice] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.organizationId, organizationId));
      expect(invoice!.billedTo.email).toBe(`${request.pseudonym}@erased.invalid`);
      const trail = (
        await officer.get(`/api/officers/audit-events?actor=${person.id}`)
      ).json<AuditPage>();
      expect(trail.events.length).toBeGreaterThan(0);
      expect(trail.events.every((event) => event.actor?.username === request.pseudonym)).toBe(true);
      const erasure = (
        await officer.get(`/api/officers/audit-events?action=gdpr.erasure`)
      ).json<AuditPage>();
      expect(erasure.events[0]).toMatchObject({ targetId: String(person.id), outcome: 'success' });

      // The account cannot sign in, by the pseudonym either.
      const login = await new Client(t.app).post('/api/login', {
        username: request.pseudonym,
        password: STRONG_PASSWORD,
      });
      expect(login.statusCode).toBe(401);

      const again = await officer.post('/api/officers/data-subject-requests/erasure', {
        userId: person.id,
        password: STRONG_PASSWORD,
        reason: 'Art. 17 request received by mail',
        confirmation: request.pseudonym,
      });
      expect(again.statusCode).toBe(409);
    });
  });

  describe('erasure stays within the person and their organization', () => {
    const erase = (userId: number, username: string) =>
      officer.post('/api/officers/data-subject-requests/erasure', {
        userId,
        password: STRONG_PASSWORD,
        reason: 'Art. 17 request received by mail',
        confirmation: username,
      });

    it('leaves the same words elsewhere alone: other organizations, other keys, inside words', async () => {
      const d = db();
      const victim = await registerUser(t.app, { username: 'ops', name: 'Acme' });
      const [victimRow] = await d.select().from(users).where(eq(users.id, victim.user.id));
      const own = victimRow!.organizationId;
      const other = await registerUser(t.app, { companyName: 'Acme GmbH' });
      const [otherRow] = await d.select().from(users).where(eq(users.id, other.user.id));
      const foreign = otherRow!.organizationId;

      const ticket = (organizationId: number, number: string, subject: string) =>
        d
          .insert(supportTickets)
          .values({
            number,
            trackingCode: `${number}-CODE`,
            organizationId,
            email: 'helpdesk@example.org',
            name: 'Helpdesk',
            category: 'technical',
            severity: 'normal',
            subject,
          })
          .returning()
          .then(([row]) => row!);
      const ownTicket = await ticket(own, 'T-OPS1', 'The pod stops; ops asked for help');
      const foreignTicket = await ticket(foreign, 'T-OPS2', 'Acme GmbH: the ops pod stops');
      const invoice = (organizationId: number, number: string, name: string, email: string) =>
        d
          .insert(invoices)
          .values(invoiceRow(organizationId, number, { name, address: 'Opsstrasse 1', email }))
          .returning()
          .then(([row]) => row!);
      const ownInvoice = await invoice(own, 'INV-OPS-1', 'Acme', victim.user.email);
      const foreignInvoice = await invoice(foreign, 'INV-OPS-2', 'Acme GmbH', 'ops@acme.example');
      await d.insert(notifications).values({
        userId: other.user.id,
        type: 'info',
        message: 'Acme GmbH: ops reviewed the stops',
      });
      await d.insert(rateLimitEvents).values([
        { bucket: 'sign-in', key: 'user:ops|ip:192.0.2.1' },
        { bucket: 'sign-in', key: 'user:devops|ip:192.0.2.1' },
        { bucket: 'mail-recipient', key: `to:${victim.user.email}` },
      ]);

      // Another admin: the organization keeps someone in charge.
      await d.insert(users).values({
        organizationId: own,
        username: 'opsmate',
        email: 'opsmate@example.com',
        passwordHash: 'x',
        role: 'admin',
      });
      const response = await erase(victim.user.id, 'ops');
      expect(response.statusCode, response.body).toBe(200);
      const { pseudonym } = response.json<DataSubjectRequest>();

      // Their own organization's text reads as the pseudonym, whole words only.
      const [ownAfter] = await d
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.id, ownTicket.id));
      expect(ownAfter!.subject).toBe(`The pod stops; ${pseudonym} asked for help`);
      const [ownInvoiceAfter] = await d
        .select()
        .from(invoices)
        .where(eq(invoices.id, ownInvoice.id));
      expect(Object.keys(ownInvoiceAfter!.billedTo).sort()).toEqual(
        Object.keys(ownInvoice.billedTo).sort(),
      );
      expect(ownInvoiceAfter!.billedTo).toMatchObject({
        address: 'Opsstrasse 1',
        email: `${pseudonym}@erased.invalid`,
      });
      expect(ownInvoiceAfter!.billedTo.name).not.toBe('Acme');

      // Another organization's data is untouched, though it holds the same words.
      const [foreignAfter] = await d
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.id, foreignTicket.id));
      expect(foreignAfter!.subject).toBe('Acme GmbH: the ops pod stops');
      const [foreignInvoiceAfter] = await d
        .select()
        .from(invoices)
        .where(eq(invoices.id, foreignInvoice.id));
      expect(foreignInvoiceAfter!.billedTo).toEqual(foreignInvoice.billedTo);
      const [foreignOrganization] = await d
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, foreign));
      expect(foreignOrganization!.name).toBe('Acme GmbH');
      const foreignNotes = await d
        .select({ message: notifications.message })
        .from(notifications)
        .where(eq(notifications.userId, other.user.id));
      expect(foreignNotes.map((one) => one.message)).toContain('Acme GmbH: ops reviewed the stops');

      // Rate-limit rows go by exact key: `user:devops` is someone else's counter.
      const keys = (await d.select({ key: rateLimitEvents.key }).from(rateLimitEvents)).map(
        (row) => row.key,
      );
      expect(keys).toContain('user:devops|ip:192.0.2.1');
      expect(keys).not.toContain('user:ops|ip:192.0.2.1');
      expect(keys).not.toContain(`to:${victim.user.email}`);
    });

    it("refuses to erase an organization's only admin while other members remain", async () => {
      const d = db();
      const founder = await registerUser(t.app);
      const [row] = await d.select().from(users).where(eq(users.id, founder.user.id));
      const [member] = await d
        .insert(users)
        .values({
          organizationId: row!.organizationId,
          username: 'lonelymember',
          email: 'lonelymember@example.com',
          passwordHash: 'x',
        })
        .returning();
      const refused = await erase(founder.user.id, founder.user.username);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(/last active admin/);
      // With nobody else left active, the organization needs no admin.
      await d.update(users).set({ status: 'disabled' }).where(eq(users.id, member!.id));
      expect((await erase(founder.user.id, founder.user.username)).statusCode).toBe(200);
    });

    it('renames an organization, legal name and invoices that are just the person’s name', async () => {
      const d = db();
      const short = await registerUser(t.app, {
        username: 'bo-short',
        name: 'Bo',
        companyName: 'bo',
      });
      const [row] = await d.select().from(users).where(eq(users.id, short.user.id));
      const own = row!.organizationId;
      await d.insert(billingDetails).values({
        organizationId: own,
        legalName: 'Bo',
        address: 'Street 1',
        country: 'DE',
        email: 'books@example.com',
      });
      await d
        .insert(invoices)
        .values(invoiceRow(own, 'INV-BO-1', { name: 'Bo', address: 'Street 1', email: 'x@y.z' }));
      const response = await erase(short.user.id, 'bo-short');
      expect(response.statusCode, response.body).toBe(200);
      const [organization] = await d.select().from(organizations).where(eq(organizations.id, own));
      expect(organization!.name).toMatch(/^Erased user [0-9A-F]{4}$/);
      const [details] = await d
        .select()
        .from(billingDetails)
        .where(eq(billingDetails.organizationId, own));
      expect(details!.legalName).toBe(organization!.name);
      const [invoice] = await d.select().from(invoices).where(eq(invoices.number, 'INV-BO-1'));
      expect(invoice!.billedTo.name).toBe(organization!.name);
    });

    it('lets two racing erasures of the last two super admins leave one', async () => {
      const d = db();
      const host = await registerUser(t.app);
      const [hostRow] = await d.select().from(users).where(eq(users.id, host.user.id));
      await d.update(users).set({ status: 'disabled' }).where(eq(users.role, 'super_admin'));
      const bosses = await d
        .insert(users)
        .values(
          ['raceboss1', 'raceboss2'].map((username) => ({
            organizationId: hostRow!.organizationId,
            username,
            email: `${username}@example.com`,
            passwordHash: 'x',
            role: 'super_admin' as const,
          })),
        )
        .returning();
      const responses = await Promise.all(bosses.map((boss) => erase(boss.id, boss.username)));
      expect(responses.map((one) => one.statusCode).sort()).toEqual([200, 409]);
      const left = await d
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'super_admin'), eq(users.status, 'active')));
      expect(left).toHaveLength(1);
    });
  });

  it('reports residency by jurisdiction, flagging what is outside the EU', async () => {
    const [organization] = await db()
      .insert(organizations)
      .values({ name: 'Residency', nameKey: 'residency', billingId: 'BID-RES', status: 'active' })
      .returning();
    const catalog = (await t.app.services.catalog.catalog()).value;
    const nonEu = catalog.providers
      .flatMap((provider) => provider.regions.map((region) => ({ provider, region })))
      .find(({ region }) => region.jurisdiction === 'non_eu')!;
    const [tier] = (await t.app.services.catalog.tiers()).value;
    await db()
      .insert(clusters)
      .values([
        {
          organizationId: organization!.id,
          name: 'in-eu',
          tierId: tier!.id,
          provider: 'alpenkube',
          region: 'eu-de-fra',
          kubernetesVersion: '1.37',
          status: 'running',
        },
        {
          organizationId: organization!.id,
          name: 'abroad',
          tierId: tier!.id,
          provider: nonEu.provider.slug,
          region: nonEu.region.code,
          kubernetesVersion: '1.37',
          status: 'running',
        },
      ]);
    await db()
      .insert(productInstances)
      .values({
        organizationId: organization!.id,
        productSlug: 'postgresql',
        plan: 'small',
        region: `${nonEu.provider.slug}:${nonEu.region.code}`,
        name: 'db-abroad',
        status: 'active',
      });
    const report = (await officer.get('/api/officers/residency')).json<ResidencyReport>();
    const mine = report.rows.filter((row) => row.organization.id === organization!.id);
    expect(mine.map((row) => [row.name, row.jurisdiction, row.outsideEu])).toEqual(
      expect.arrayContaining([
        ['in-eu', 'eu', false],
        ['abroad', 'non_eu', true],
        ['db-abroad', 'non_eu', true],
      ]),
    );
    expect(mine.find((row) => row.name === 'in-eu')!.country).toBe('DE');
    expect(report.counts.nonEu).toBeGreaterThanOrEqual(2);
    const csv = await officer.get('/api/officers/residency.csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment;/);
    expect(csv.body.split('\r\n')[0]).toContain('jurisdiction,outside_eu');
    expect(csv.body).toContain(`abroad,running`);
  });
});
