import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { QueuePage, Ticket, TicketSummary } from '@alpenkube/contract';
import { openSocket, type OpenSocket } from '../support/sockets.ts';
import {
  clusters,
  notifications,
  organizations,
  supportAttachments,
  supportTicketMessages,
  supportTickets,
  users,
} from '../../src/db/schema.ts';
import {
  Client,
  createTestApp,
  lastMailTo,
  registerUser,
  type TestApp,
} from '../support/test-app.ts';
import { form, type Part } from '../support/multipart-form.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
const LOG = Buffer.from('2026-11-24T10:00:00Z kubelet: node not ready\n');

const ticketFields = (overrides: Record<string, string> = {}) => ({
  subject: 'Pods stuck in Pending',
  category: 'technical',
  severity: 'normal',
  body: 'Since this morning new pods stay Pending on prod-eu.',
  ...overrides,
});

describe('support tickets', () => {
  let t: TestApp;
  const db = () => t.app.services.db;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  async function customer() {
    const { client, user } = await registerUser(t.app, {
      companyName: `Support Co ${Math.random().toString(36).slice(2, 10)}`,
    });
    // Files need a verified address and an approved organization.
    const [row] = await db()
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, user.id))
      .returning();
    await db()
      .update(organizations)
      .set({ status: 'active' })
      .where(eq(organizations.id, row!.organizationId));
    await t.app.services.sessions.userChanged(db(), user.id);
    return { client, userId: user.id, organizationId: row!.organizationId, email: user.email };
  }

  async function staff() {
    const who = await customer();
    await db()
      .update(users)
      .set({ role: 'super_admin', totpEnabled: true })
      .where(eq(users.id, who.userId));
    await t.app.services.sessions.userChanged(db(), who.userId);
    return who;
  }

  const open = (client: Client, fields: Record<string, string | string[]>, files: Part[] = []) =>
    client.request({ method: 'POST', url: '/api/support/tickets', ...form(fields, files) });
  const reply = (client: Client, id: number, fields: Record<string, string>, files: Part[] = []) =>
    client.request({
      method: 'POST',
      url: `/api/support/tickets/${id}/messages`,
      ...form(fields, files),
    });
  const staffSay = (client: Client, id: number, fields: Record<string, string>) =>
    client.request({ method: 'POST', url: `/api/support/queue/${id}/messages`, ...form(fields) });

  async function opened(client: Client, fields = ticketFields(), files: Part[] = []) {
    const response = await open(client, fields, files);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Ticket>();
  }

  const rows = async () => ({
    tickets: (await db().select({ n: count() }).from(supportTickets))[0]!.n,
    messages: (await db().select({ n: count() }).from(supportTicketMessages))[0]!.n,
    files: (await db().select({ n: count() }).from(supportAttachments))[0]!.n,
  });

  it('opens a ticket with its message and files, typed by their bytes, with a response target', async () => {
    const { client } = await customer();
    const before = Date.now();
    const ticket = await opened(client, ticketFields(), [
      { name: 'screenshot.png', data: PDF, type: 'image/png' },
      { name: 'kubelet.log', data: LOG },
      { name: 'real.png', data: PNG },
    ]);
    expect(ticket).toMatchObject({
      number: expect.stringMatching(/^T-1\d{5}$/),
      kind: 'ticket',
      status: 'open',
      severity: 'normal',
      nextStatuses: ['resolved', 'closed'],
    });
    // The free plan answers normal tickets within 1440 minutes.
    const due = Date.parse(ticket.responseDueAt!);
    expect(due).toBeGreaterThanOrEqual(before + 1440 * 60_000);
    expect(due).toBeLessThan(Date.now() + 1440 * 60_000 + 1000);
    const files = ticket.messages[0]!.attachments;
    expect(files.map((f) => [f.fileName, f.contentType])).toEqual([
      ['screenshot.png', 'application/pdf'],
      ['kubelet.log', 'text/plain'],
      ['real.png', 'image/png'],
    ]);

    const download = await client.get(
      `/api/support/tickets/${ticket.id}/attachments/${files[0]!.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="screenshot.png"/,
    );
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const list = (await client.get('/api/support/tickets')).json<TicketSummary[]>();
    expect(list.map((row) => row.id)).toEqual([ticket.id]);
    expect(list[0]!.responseDueAt).toBe(ticket.responseDueAt);
  });

  it('refuses a file that is not an image, PDF or text, six files, and one over 10 MB, writing nothing', async () => {
    const { client } = await customer();
    const before = await rows();
    const elf = await open(client, ticketFields(), [
      { name: 'fine.log', data: LOG },
      { name: 'tool.exe', data: ELF },
    ]);
    expect(elf.statusCode).toBe(400);
    expect(elf.json().message).toMatch(/^tool\.exe: not an image/);

    const six = await open(
      client,
      ticketFields(),
      Array.from({ length: 6 }, (_, i) => ({ name: `log-${i}.txt`, data: LOG })),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe('log-5.txt: at most 5 files per message');

    const big = await open(client, ticketFields(), [
      { name: 'huge.log', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) },
    ]);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('huge.log: larger than 10 MB');

    const exactly = await open(client, ticketFields(), [
      { name: 'max.log', data: Buffer.alloc(10 * 1024 * 1024, 0x61) },
    ]);
    expect(exactly.statusCode, exactly.body).toBe(201);
    const after = await rows();
    expect(after).toEqual({
      tickets: before.tickets + 1,
      messages: before.messages + 1,
      files: before.files + 1,
    });

    const json = await client.post('/api/support/tickets', ticketFields());
    expect(json.statusCode).toBe(400);
    const short = await open(client, ticketFields({ body: 'short' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^body: /);
  });

  it('leaves no message behind when a reply’s file is refused', async () => {
    const { client } = await customer();
    const ticket = await opened(client);
    const before = await rows();
    const refused = await reply(client, ticket.id, { body: 'Here are the logs' }, [
      { name: 'ok.txt', data: LOG },
      { name: 'bad.bin', data: Buffer.from([0, 1, 2, 3]) },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^bad\.bin: /);
    expect(await rows()).toEqual(before);
  });

  it('allows urgent only with a plan that has an urgent target', async () => {
    const { client, organizationId } = await customer();
    const refused = await open(client, ticketFields({ severity: 'urgent' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Urgent needs a support plan.*plan is Basic/);
    await db()
      .update(organizations)
      .set({ supportPlan: 'business' })
      .where(eq(organizations.id, organizationId));
    const before = Date.now();
    const ticket = await opened(client, ticketFields({ severity: 'urgent' }));
    const due = Date.parse(ticket.responseDueAt!);
    expect(due).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(due).toBeLessThan(Date.now() + 60 * 60_000 + 1000);

    const visitor = new Client(t.app);
    const anonymous = await visitor.post('/api/public/tickets', {
      email: 'visitor@corp.eu',
      category: 'technical',
      severity: 'urgent',
      subject: 'Everything is down',
      message: 'Our whole cluster is down since ten minutes ago.',
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().message).toMatch(/^severity: Urgent/);
  });

  it("answers a ticket about a cluster under the cluster's support plan when it is better", async () => {
    const { client, organizationId } = await customer();
    const [tier] = (await t.app.services.catalog.tiers()).value;
    const [cluster] = await db()
      .insert(clusters)
      .values({
        organizationId,
        name: 'business-backed',
        tierId: tier!.id,
        provider: 'alpenkube',
        region: 'eu-de-fra',
        kubernetesVersion: '1.37',
        kubernetesPatch: '1.37.2',
        supportPlan: 'business',
        status: 'running',
      })
      .returning();
    // The organization keeps the free plan: urgent about nothing in particular is refused…
    expect((await open(client, ticketFields({ severity: 'urgent' }))).statusCode).toBe(400);
    // …but about the Business cluster it is urgent, with Business's one-hour target.
    const before = Date.now();
    const ticket = await opened(
      client,
      ticketFields({ severity: 'urgent', relatedClusterId: String(cluster!.id) }),
    );
    expect(Date.parse(ticket.responseDueAt!) - before).toBeGreaterThanOrEqual(60 * 60_000);
    expect(Date.parse(ticket.responseDueAt!) - Date.now()).toBeLessThan(60 * 60_000 + 1000);
  });

  it('answers a ticket about a Red cluster under Enterprise targets, whatever the plans bought', async () => {
    const { client, organizationId } = await customer();
    const red = (await t.app.services.catalog.tiers()).value.find((tier) => tier.slug === 'red');
    const [cluster] = await db()
      .insert(clusters)
      .values({
        organizationId,
        name: 'red-critical',
        tierId: red!.id,
        provider: 'alpenkube',
        region: 'eu-de-fra',
        kubernetesVersion: '1.37',
        kubernetesPatch: '1.37.2',
        haControlPlane: true,
        supportPlan: 'basic',
        status: 'running',
      })
      .returning();
    // Red's "24/7 support, 15-minute response": urgent is open, with Enterprise's 15 minutes.
    const before = Date.now();
    const urgent = await opened(
      client,
      ticketFields({ severity: 'urgent', relatedClusterId: String(cluster!.id) }),
    );
    expect(Date.parse(urgent.responseDueAt!) - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(Date.parse(urgent.responseDueAt!) - Date.now()).toBeLessThan(15 * 60_000 + 1000);
    // A ticket about nothing in particular stays under the organization's free plan.
    expect((await open(client, ticketFields({ severity: 'urgent' }))).statusCode).toBe(400);
  });

  it("shows every member the organization's tickets and answers 404 for another organization's", async () => {
    const owner = await customer();
    const ticket = await opened(owner.client, ticketFields(), [{ name: 'a.log', data: LOG }]);
    // A second member of the same organization.
    const [colleague] = await db()
      .insert(users)
      .values({
        organizationId: owner.organizationId,
        username: `colleague${Date.now()}`,
        email: `colleague${Date.now()}@example.com`,
        passwordHash: 'not-a-hash',
        emailVerified: true,
      })
      .returning();
    const sid = await t.app.services.sessions.create(db(), colleague!.id, {
      userAgent: 'test',
      ip: '127.0.0.1',
    });
    const mate = new Client(t.app);
    mate.setCookie('sid', sid);
    expect((await mate.get(`/api/support/tickets/${ticket.id}`)).statusCode).toBe(200);
    expect((await mate.get('/api/support/tickets')).json<TicketSummary[]>()).toHaveLength(1);

    const stranger = await customer();
    const fileId = ticket.messages[0]!.attachments[0]!.id;
    for (const response of [
      await stranger.client.get(`/api/support/tickets/${ticket.id}`),
      await stranger.client.get(`/api/support/tickets/${ticket.id}/attachments/${fileId}`),
      await reply(stranger.client, ticket.id, { body: 'Let me in' }),
      await stranger.client.post(`/api/support/tickets/${ticket.id}/status`, { status: 'closed' }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await stranger.client.get('/api/support/tickets')).json()).toEqual([]);

    const [tier] = (await t.app.services.catalog.tiers()).value;
    const [cluster] = await db()
      .insert(clusters)
      .values({
        organizationId: stranger.organizationId,
        name: 'not-yours',
        tierId: tier!.id,
        provider: 'alpenkube',
        region: 'eu-de-fra',
        kubernetesVersion: '1.37',
        kubernetesPatch: '1.37.2',
        status: 'running',
      })
      .returning();
    const foreign = await open(
      owner.client,
      ticketFields({ relatedClusterId: String(cluster!.id) }),
    );
    expect(foreign.statusCode).toBe(404);
    const mine = await opened(
      stranger.client,
      ticketFields({ relatedClusterId: String(cluster!.id) }),
    );
    expect(mine.relatedCluster).toEqual({ id: cluster!.id, name: 'not-yours' });
  });

  it('lets someone waiting to join open and follow their own tickets, and shows them nothing else', async () => {
    const owner = await customer();
    const theirs = await opened(owner.client);
    const [tier] = (await t.app.services.catalog.tiers()).value;
    const [cluster] = await db()
      .insert(clusters)
      .values({
        organizationId: owner.organizationId,
        name: 'members-only',
        tierId: tier!.id,
        provider: 'alpenkube',
        region: 'eu-de-fra',
        kubernetesVersion: '1.37',
        kubernetesPatch: '1.37.2',
        status: 'running',
      })
      .returning();
    // Registered with the organization's domain: an admin has not accepted them yet.
    const [pending] = await db()
      .insert(users)
      .values({
        organizationId: owner.organizationId,
        username: `pending${Date.now()}`,
        email: `pending${Date.now()}@example.com`,
        passwordHash: 'not-a-hash',
        emailVerified: true,
        status: 'pending_approval',
      })
      .returning();
    const sid = await t.app.services.sessions.create(db(), pending!.id, {
      userAgent: 'test',
      ip: '127.0.0.1',
    });
    const waiting = new Client(t.app);
    waiting.setCookie('sid', sid);

    const own = await opened(waiting, ticketFields({ subject: 'How long does approval take?' }));
    expect((await waiting.get('/api/support/tickets')).json<TicketSummary[]>()).toEqual([
      expect.objectContaining({ id: own.id, subject: 'How long does approval take?' }),
    ]);
    expect((await waiting.get(`/api/support/tickets/${own.id}`)).statusCode).toBe(200);
    expect((await reply(waiting, own.id, { body: 'Any news?' })).statusCode).toBe(200);
    // The organization's own tickets and clusters stay out of sight.
    expect((await waiting.get(`/api/support/tickets/${theirs.id}`)).statusCode).toBe(404);
    expect((await reply(waiting, theirs.id, { body: 'Let me in' })).statusCode).toBe(404);
    expect(
      (await open(waiting, ticketFields({ relatedClusterId: String(cluster!.id) }))).statusCode,
    ).toBe(404);
    // The members see it with the organization's tickets, once it is theirs to see.
    const listed = (await owner.client.get('/api/support/tickets')).json<TicketSummary[]>();
    expect(listed.map((ticket) => ticket.id)).toEqual(expect.arrayContaining([own.id, theirs.id]));
  });

  it('lets staff work the queue: assign, note, reply; notes never reach the customer; replies notify', async () => {
    const owner = await customer();
    const agent = await staff();
    const ticket = await opened(owner.client);
    const visitor = new Client(t.app);
    const publicTicket = await visitor.post('/api/public/tickets', {
      email: 'anon@corp.eu',
      category: 'billing',
      severity: 'low',
      subject: 'Invoice question',
      message: 'Which VAT rate applies to an Austrian company?',
    });
    expect(publicTicket.statusCode).toBe(201);
    const { trackingCode } = publicTicket.json<{ trackingCode: string }>();

    const queue = (await agent.client.get('/api/support/queue?limit=200')).json<QueuePage>();
    const due = queue.tickets.map((row) => row.responseDueAt);
    const withDue = due.filter((d): d is string => d !== null);
    expect(withDue).toEqual([...withDue].sort());
    expect(due.indexOf(null) === -1 || due.slice(due.indexOf(null)).every((d) => d === null)).toBe(
      true,
    );
    const anonymousRow = queue.tickets.find((row) => row.anonymous);
    expect(anonymousRow).toMatchObject({ organizationName: null, email: 'anon@corp.eu' });
    expect(queue.tickets.some((row) => row.id === ticket.id)).toBe(true);
    expect(queue.total).toBeGreaterThanOrEqual(2);
    expect((await owner.client.get('/api/support/queue')).statusCode).toBe(403);

    const assigned = await agent.client.post(`/api/support/queue/${ticket.id}/assign`);
    expect(assigned.json<Ticket>().assigneeName).toBeTruthy();
    const mine = (await agent.client.get('/api/support/queue?assignee=me')).json<QueuePage>();
    expect(mine.tickets.map((row) => row.id)).toEqual([ticket.id]);

    const note = await agent.client.request({
      method: 'POST',
      url: `/api/support/queue/${ticket.id}/messages`,
      ...form({ body: 'Looks like quota, check node pools', internal: 'true' }, [
        { name: 'analysis.log', data: LOG },
      ]),
    });
    expect(note.statusCode).toBe(200);
    const staffView = (await agent.client.get(`/api/support/queue/${ticket.id}`)).json<Ticket>();
    expect(staffView.messages.map((m) => m.internal)).toEqual([false, true]);
    // The note's file is the team's too: the customer cannot fetch it by its id.
    const noteFile = staffView.messages[1]!.attachments[0]!;
    expect(
      (await agent.client.get(`/api/support/queue/${ticket.id}/attachments/${noteFile.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await owner.client.get(`/api/support/tickets/${ticket.id}/attachments/${noteFile.id}`))
        .statusCode,
    ).toBe(404);
    const customerView = (
      await owner.client.get(`/api/support/tickets/${ticket.id}`)
    ).json<Ticket>();
    expect(customerView.messages).toHaveLength(1);
    expect(JSON.stringify(customerView)).not.toContain('quota');
    expect(customerView.status).toBe('open');

    const answered = await staffSay(agent.client, ticket.id, {
      body: 'Your node pool is full; scale it to 4.',
    });
    expect(answered.statusCode).toBe(200);
    const afterReply = answered.json<Ticket>();
    expect(afterReply).toMatchObject({ status: 'awaiting_customer', responseDueAt: null });
    expect(afterReply.firstResponseAt).not.toBeNull();
    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.userId));
    expect(told.map((n) => n.message)).toContain(
      `Support answered ticket ${ticket.number}: Pods stuck in Pending`,
    );
    const { mail } = await lastMailTo(t.app, owner.email);
    expect(mail.text).toContain(`/orders/support/${ticket.id}`);

    const back = await reply(owner.client, ticket.id, { body: 'Scaled, works now. Thanks!' });
    expect(back.statusCode).toBe(200);
    expect(back.json<Ticket>().status).toBe('open');
    expect(back.json<Ticket>().responseDueAt).not.toBeNull();
    const agentNotes = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, agent.userId));
    expect(agentNotes.map((n) => n.message)).toContain(
      `The customer answered ticket ${ticket.number}.`,
    );

    // The anonymous ticket: a note stays hidden from the tracking page; a reply mails its link.
    const anonId = anonymousRow!.id;
    await staffSay(agent.client, anonId, {
      body: 'Internal: VAT reverse charge',
      internal: 'true',
    });
    await staffSay(agent.client, anonId, { body: 'Reverse charge applies; no VAT.' });
    const anonMail = await lastMailTo(t.app, 'anon@corp.eu');
    expect(anonMail.link).toContain(`/track-ticket?code=${trackingCode}`);
    const tracked = await visitor.post('/api/public/tickets/lookup', {
      code: trackingCode,
      email: 'anon@corp.eu',
    });
    expect(tracked.json().status).toBe('awaiting_customer');
    expect(JSON.stringify(tracked.json())).not.toContain('Internal');
    expect(tracked.json().messages).toHaveLength(2);
  });

  /** Every message a socket receives within `ms`, parsed. */
  function collect(open: OpenSocket, ms = 700): Promise<{ type: string }[]> {
    const received: { type: string }[] = [];
    const listener = (data: unknown) => received.push(JSON.parse(String(data)) as { type: string });
    open.socket.on('message', listener);
    return new Promise((resolve) =>
      setTimeout(() => {
        open.socket.off('message', listener);
        resolve(received);
      }, ms),
    );
  }

  it("pushes a ticket's changes to its organization's sockets, but not an internal note", async () => {
    const owner = await customer();
    const agent = await staff();
    const ticket = await opened(owner.client);
    const customerSocket = await openSocket(t, owner.client.cookie('sid')!);
    const staffSocket = await openSocket(t, agent.client.cookie('sid')!);
    try {
      const afterNote = Promise.all([collect(customerSocket), collect(staffSocket)]);
      await staffSay(agent.client, ticket.id, { body: 'Check the quota first', internal: 'true' });
      const [customerHeard, staffHeard] = await afterNote;
      expect(customerHeard).toEqual([]);
      expect(staffHeard).toContainEqual({ type: 'ticket', ticketId: ticket.id, status: 'open' });

      const afterReply = collect(customerSocket);
      await staffSay(agent.client, ticket.id, { body: 'Raised your quota to 12 nodes.' });
      const heard = await afterReply;
      expect(heard.map((m) => m.type).sort()).toEqual(['notification', 'ticket']);
      expect(heard).toContainEqual({
        type: 'ticket',
        ticketId: ticket.id,
        status: 'awaiting_customer',
      });
    } finally {
      customerSocket.socket.close();
      staffSocket.socket.close();
    }
  });

  it('moves through the states, refuses other changes with 409, and reopens only within 14 days', async () => {
    const { client } = await customer();
    const ticket = await opened(client);
    const status = (to: string) =>
      client.post(`/api/support/tickets/${ticket.id}/status`, { status: to });

    expect((await status('awaiting_customer')).statusCode).toBe(409);
    expect((await status('open')).statusCode).toBe(409);
    const resolved = await status('resolved');
    expect(resolved.json<Ticket>()).toMatchObject({ status: 'resolved', responseDueAt: null });
    expect(resolved.json<Ticket>().reopenUntil).not.toBeNull();
    const reopened = await status('open');
    expect(reopened.json<Ticket>().status).toBe('open');
    expect(reopened.json<Ticket>().responseDueAt).not.toBeNull();
    expect((await status('closed')).json<Ticket>().status).toBe('closed');
    expect((await status('closed')).statusCode).toBe(409);
    const closedReply = await reply(client, ticket.id, { body: 'One more thing' });
    expect(closedReply.statusCode).toBe(409);

    await db()
      .update(supportTickets)
      .set({ closedAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(supportTickets.id, ticket.id));
    const late = await status('open');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/more than 14 days/);
    const view = (await client.get(`/api/support/tickets/${ticket.id}`)).json<Ticket>();
    expect(view.nextStatuses).toEqual([]);

    await db()
      .update(supportTickets)
      .set({ closedAt: new Date(Date.now() - 13 * 86_400_000) })
      .where(eq(supportTickets.id, ticket.id));
    expect((await status('open')).statusCode).toBe(200);
  });

  it('turns a custom-solution request into a sales ticket listed with the others', async () => {
    const { client } = await customer();
    const response = await client.request({
      method: 'POST',
      url: '/api/support/custom-solutions',
      ...form(
        {
          workload: 'Hospital imaging archive',
          scale: '40 TB, 200 nodes',
          compliance: ['hds', 'secnumcloud'],
          budget: '20,000 USD a month',
          timeline: 'Q2 next year',
          description: 'We need an HDS-certified cluster for our PACS with EU-only operators.',
        },
        [{ name: 'architecture.pdf', data: PDF }],
      ),
    });
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json<Ticket>();
    expect(ticket).toMatchObject({
      kind: 'custom_solution',
      category: 'sales',
      subject: 'Custom solution: Hospital imaging archive',
      details: { compliance: ['HDS (health data)', 'SecNumCloud'], scale: '40 TB, 200 nodes' },
    });
    expect(ticket.messages[0]!.attachments[0]!.contentType).toBe('application/pdf');
    const listed = (await client.get('/api/support/tickets?kind=custom_solution')).json<
      TicketSummary[]
    >();
    expect(listed.map((row) => row.id)).toEqual([ticket.id]);

    const refused = await client.request({
      method: 'POST',
      url: '/api/support/custom-solutions',
      ...form({ workload: 'x', scale: '', budget: '', timeline: '', description: '' }),
    });
    expect(refused.statusCode).toBe(400);
  });
});
