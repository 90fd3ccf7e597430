import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Ticket } from '@alpenkube/contract';
import { organizations, supportAttachments, users } from '../../src/db/schema.ts';
import { moveAttachmentsToFileStore } from '../../src/modules/support/index.ts';
import { form, type Part } from '../support/multipart-form.ts';
import { Client, createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

const LOG = Buffer.from('2026-11-24T10:00:00Z kubelet: node not ready\n');
const MB = 1024 * 1024;
const log = (name: string, bytes = LOG.length): Part => ({
  name,
  data: Buffer.alloc(bytes, 0x61),
});
const fields = {
  subject: 'Pods stuck in Pending',
  category: 'technical',
  severity: 'normal',
  body: 'Since this morning new pods stay Pending on prod-eu.',
};

/**
 * Where ticket files go and what limits them: the file store (a directory here), who may
 * upload, quotas per person and organization, the ticket's cap, the hourly limit, and the move
 * of files kept in the database before the store.
 */
describe('support files in the file store', () => {
  let t: TestApp;
  const db = () => t.app.services.db;
  const storeDir = () => {
    if (t.config.fileStore.kind !== 'directory') throw new Error('a directory store');
    return t.config.fileStore.directory;
  };
  /** Every file in the store's directory, partial ones included. */
  const storedFiles = (dir = storeDir()): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? storedFiles(path.join(dir, entry.name))
          : [path.relative(storeDir(), path.join(dir, entry.name))],
      )
      .sort();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        MAIL_LIMIT_PER_IP: '10000',
        ATTACHMENT_QUOTA_PER_PERSON_MB: '3',
        ATTACHMENT_QUOTA_PER_ORGANIZATION_MB: '4',
        ATTACHMENT_UPLOADS_PER_HOUR: '40',
      },
    });
  });
  afterAll(() => t.close());

  async function member(
    standing: { verified?: boolean; organization?: 'active' | 'pending_approval' } = {},
    organizationId?: number,
  ) {
    const { client, user } = await registerUser(t.app, {
      companyName: `Files Co ${Math.random().toString(36).slice(2, 10)}`,
    });
    const [row] = await db()
      .update(users)
      .set({
        emailVerified: standing.verified ?? true,
        ...(organizationId ? { organizationId, status: 'active' as const } : {}),
      })
      .where(eq(users.id, user.id))
      .returning();
    await db()
      .update(organizations)
      .set({ status: standing.organization ?? 'active' })
      .where(eq(organizations.id, row!.organizationId));
    await t.app.services.sessions.userChanged(db(), user.id);
    return { client, userId: user.id, organizationId: row!.organizationId };
  }

  const open = (client: Client, files: Part[] = []) =>
    client.request({ method: 'POST', url: '/api/support/tickets', ...form(fields, files) });
  const reply = (client: Client, id: number, files: Part[]) =>
    client.request({
      method: 'POST',
      url: `/api/support/tickets/${id}/messages`,
      ...form({ body: 'More logs' }, files),
    });
  const fileRows = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(supportAttachments)
    )[0]!.n;

  it('streams files to the store, one file per row, and serves them from there', async () => {
    const { client } = await member();
    const before = storedFiles();
    const response = await open(client, [log('a.log', 2000), { name: 'b.log', data: LOG }]);
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json<Ticket>();
    const rows = await db()
      .select()
      .from(supportAttachments)
      .where(eq(supportAttachments.ticketId, ticket.id));
    expect(rows.map((row) => row.data)).toEqual([null, null]);
    expect(storedFiles()).toEqual([...before, ...rows.map((row) => row.storageKey!)].sort());
    // Owner-only: the directory and every file in it.
    expect(fs.statSync(storeDir()).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(storeDir(), rows[0]!.storageKey!)).mode & 0o777).toBe(0o600);

    const download = await client.get(
      `/api/support/tickets/${ticket.id}/attachments/${rows[0]!.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe('2000');
    expect(download.rawPayload.equals(Buffer.alloc(2000, 0x61))).toBe(true);
  });

  it('takes files only from a verified address in an approved organization; the ticket goes without them', async () => {
    const before = { rows: await fileRows(), files: storedFiles() };
    const unverified = await member({ verified: false });
    const refused = await open(unverified.client, [log('a.log')]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Verify your e-mail address before attaching files/);
    expect((await open(unverified.client)).statusCode).toBe(201);

    const pending = await member({ organization: 'pending_approval' });
    const waiting = await open(pending.client, [log('a.log')]);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().message).toMatch(/once our team has approved your organization/);
    expect({ rows: await fileRows(), files: storedFiles() }).toEqual(before);
  });

  it('holds a person and an organization to their storage quotas, even when uploads race', async () => {
    const first = await member();
    const ticket = (await open(first.client, [log('two.log', 2 * MB)])).json<Ticket>();
    const before = { rows: await fileRows(), files: storedFiles() };
    // 2 MB kept, 3 MB allowed: the second megabyte and a half is refused as it streams.
    const over = await reply(first.client, ticket.id, [
      log('ok.log', 100),
      log('big.log', 1.5 * MB),
    ]);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(
      'big.log: your files on support tickets would pass 3 MB, the most one person may keep. Share large material as a link instead.',
    );
    expect({ rows: await fileRows(), files: storedFiles() }).toEqual(before);

    // A colleague has their own 3 MB, but the organization's 4 MB are shared.
    const colleague = await member({}, first.organizationId);
    const colleagues = await reply(colleague.client, ticket.id, [log('c.log', 2.5 * MB)]);
    expect(colleagues.statusCode).toBe(413);
    expect(colleagues.json().message).toMatch(
      /^c\.log: your organization's files on support tickets would pass 4 MB/,
    );

    // Two uploads at once, to two tickets, that fit alone but not together: one is refused.
    const answers = await Promise.all([
      reply(colleague.client, ticket.id, [log('x.log', 1.2 * MB)]),
      open(first.client, [log('y.log', 0.9 * MB)]),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status === 413),
      statuses.join(),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 200 || status === 201)).toHaveLength(1);
    expect(await fileRows()).toBe(before.rows + 1);
    expect(storedFiles()).toHaveLength(before.files.length + 1);
  });

  it("counts the support team's files against no customer's quota", async () => {
    const customer = await member();
    const ticket = (await open(customer.client, [log('mine.log', 2 * MB)])).json<Ticket>();
    const agent = await member();
    await db()
      .update(users)
      .set({ role: 'super_admin', totpEnabled: true })
      .where(eq(users.id, agent.userId));
    await t.app.services.sessions.userChanged(db(), agent.userId);
    // The team answers with 3 MB of files: past the organization's 4 MB, were they counted.
    const answered = await agent.client.request({
      method: 'POST',
      url: `/api/support/queue/${ticket.id}/messages`,
      ...form({ body: 'Here is our analysis' }, [log('analysis.log', 3 * MB)]),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    // The customer's own 2 MB and 1 more fit the organization's 4 MB.
    const more = await reply(customer.client, ticket.id, [log('more.log', MB)]);
    expect(more.statusCode, more.body).toBe(200);
  });

  it('keeps the files of a committed message when reading the ticket back fails', async () => {
    const { client } = await member();
    const ticket = (await open(client)).json<Ticket>();
    const before = storedFiles();
    const database = db();
    const transaction = database.transaction.bind(database);
    const select = database.select.bind(database);
    let committed = false;
    const spies = [
      vi.spyOn(database, 'transaction').mockImplementation((async (...args: never[]) => {
        const result = await (transaction as (...a: never[]) => Promise<unknown>)(...args);
        committed = true;
        return result;
      }) as never),
      vi.spyOn(database, 'select').mockImplementation(((...args: never[]) => {
        if (committed) throw new Error('The database went away');
        return (select as (...a: never[]) => unknown)(...args);
      }) as never),
    ];
    try {
      expect((await reply(client, ticket.id, [log('kept.log')])).statusCode).toBe(500);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const [kept] = await db()
      .select()
      .from(supportAttachments)
      .where(eq(supportAttachments.ticketId, ticket.id));
    expect(kept?.fileName).toBe('kept.log');
    expect(storedFiles()).toEqual([...before, kept!.storageKey!].sort());
    const download = await client.get(`/api/support/tickets/${ticket.id}/attachments/${kept!.id}`);
    expect(download.statusCode).toBe(200);
  });

  it('caps a ticket at 30 files over all its messages', async () => {
    const { client } = await member();
    const five = (round: number) => Array.from({ length: 5 }, (_, i) => log(`r${round}-${i}.log`));
    const ticket = (await open(client, five(0))).json<Ticket>();
    for (let round = 1; round < 6; round++) {
      expect((await reply(client, ticket.id, five(round))).statusCode).toBe(200);
    }
    const files = storedFiles();
    const more = await reply(client, ticket.id, [log('one-more.log')]);
    expect(more.statusCode).toBe(413);
    expect(more.json().message).toBe(
      `one-more.log: ticket ${ticket.number} would hold more than 30 files, the most one ticket may; open a new ticket for more.`,
    );
    expect(storedFiles()).toEqual(files);
  });

  it('limits the files a person attaches in an hour, with Retry-After', async () => {
    const { client, userId } = await member();
    const ticket = (await open(client)).json<Ticket>();
    // 38 of the hour's 40 files attached already.
    await db().execute(
      sql`insert into rate_limit_events (bucket, key) select 'support-upload', ${`user:${userId}`} from generate_series(1, 38)`,
    );
    expect((await reply(client, ticket.id, [log('a.log'), log('b.log')])).statusCode).toBe(200);
    const limited = await reply(client, ticket.id, [log('c.log')]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^At most 40 files an hour may be attached/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('keeps nothing of an upload whose client goes away halfway', async () => {
    const { client } = await member();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const before = { rows: await fileRows(), files: storedFiles() };
    const boundary = 'gone-away';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="subject"\r\n\r\n${fields.subject}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.log"\r\n` +
      'Content-Type: text/plain\r\n\r\n';
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/support/tickets HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Cookie: sid=${client.cookie('sid')}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${head.length + 8 * MB}\r\n\r\n${head}`,
    );
    // 3 MB of the announced 8, then the connection drops.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => socket.write(Buffer.alloc(MB, 0x61), resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    await expect
      .poll(() => fs.readdirSync(path.join(storeDir(), '.partial')).length, { timeout: 5000 })
      .toBe(0);
    expect({ rows: await fileRows(), files: storedFiles() }).toEqual(before);
    expect((await client.get('/api/support/tickets')).statusCode).toBe(200);
  });

  it('moves files kept in the database into the store at start, once, and serves them', async () => {
    const { client, userId, organizationId } = await member();
    const ticket = (await open(client)).json<Ticket>();
    const bytes = Buffer.alloc(2 * MB + 5, 0x62);
    const [legacy] = await db()
      .insert(supportAttachments)
      .values({
        ticketId: ticket.id,
        messageId: ticket.messages[0]!.id,
        organizationId,
        uploadedByUserId: userId,
        fileName: 'old.log',
        contentType: 'text/plain',
        sizeBytes: bytes.length,
        sha256: 'x',
        data: bytes,
      })
      .returning();
    expect(await moveAttachmentsToFileStore(db(), t.app.services.fileStore)).toBe(1);
    expect(await moveAttachmentsToFileStore(db(), t.app.services.fileStore)).toBe(0);
    const [moved] = await db()
      .select()
      .from(supportAttachments)
      .where(eq(supportAttachments.id, legacy!.id));
    expect(moved).toMatchObject({ data: null, storageKey: `attachments/moved/${legacy!.id}` });
    const download = await client.get(
      `/api/support/tickets/${ticket.id}/attachments/${legacy!.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });
});
