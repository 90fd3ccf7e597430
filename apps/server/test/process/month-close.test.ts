import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceSummary } from '@alpenkube/contract';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { invoices, orders, organizations, users } from '../../src/db/schema.ts';
import { syncCatalogs } from '../../src/modules/platform/catalog-service.ts';
import { signInProcess } from '../support/cluster-process.ts';
import { freePort, spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase } from '../support/test-database.ts';

/** Organizations that paid for something last month, waiting for their invoice. */
const ORGANIZATIONS = 12;

const servers: ServerProcess[] = [];
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
const organizationIds: number[] = [];

const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 3 });
  await migrate(database.db);
  await syncCatalogs(database.db);
  const { db } = database;
  for (let index = 0; index < ORGANIZATIONS; index += 1) {
    const [organization] = await db
      .insert(organizations)
      .values({
        name: `Month Close ${index}`,
        nameKey: `month close ${index}`,
        billingId: `BID-MC${index}`,
        status: 'active',
        createdAt: monthStart(-3),
      })
      .returning();
    await db.insert(users).values({
      organizationId: organization!.id,
      username: `monthclose${index}`,
      email: `admin${index}@month-close.test`,
      passwordHash: 'not-a-hash',
      role: 'admin',
      status: 'active',
      emailVerified: true,
    });
    await db.insert(orders).values({
      organizationId: organization!.id,
      kind: 'cluster',
      description: `Cluster web-${index}`,
      lines: [],
      subtotalCents: 1_000 + index,
      totalCents: 1_000 + index,
      status: 'completed',
      paidAt: new Date(monthStart(-1).getTime() + (index + 1) * 3_600_000),
    });
    organizationIds.push(organization!.id);
  }

  // Both start at once: each one's month-end chore runs as it starts, over the same organizations.
  const start = async () => {
    const server = spawnServer({ DATABASE_URL: databaseUrl, PORT: String(await freePort()) });
    servers.push(server);
    return server;
  };
  [a, b] = await Promise.all([start(), start()]);
  await Promise.all([a.ready, b.ready]);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
});

async function invoicesOf(ids: number[]) {
  return database.db.select().from(invoices).where(inArray(invoices.organizationId, ids));
}

describe('two server processes closing the month on one PostgreSQL', () => {
  it('issue exactly one invoice per organization, numbered without gaps', async () => {
    const deadline = Date.now() + 60_000;
    let issued = await invoicesOf(organizationIds);
    while (issued.length < ORGANIZATIONS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      issued = await invoicesOf(organizationIds);
    }
    // Let the slower instance finish its pass too.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    issued = await invoicesOf(organizationIds);
    expect(issued).toHaveLength(ORGANIZATIONS);
    expect(new Set(issued.map((invoice) => invoice.organizationId)).size).toBe(ORGANIZATIONS);
    for (const invoice of issued) {
      expect(invoice.periodEnd.toISOString()).toBe(monthStart(0).toISOString());
    }

    // Every number the year gave out belongs to one invoice, from 1 up, whoever issued it.
    const year = new Date().getUTCFullYear();
    const all = await database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(sql`${invoices.number} like ${`INV-${year}-%`}`);
    const sequence = all.map(({ number }) => Number(number.slice(-6))).sort((x, y) => x - y);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, index) => index + 1));
    const [counter] = (
      await database.db.execute<{ last: number }>(
        sql`select last from invoice_number_counters where year = ${year}`,
      )
    ).rows;
    expect(Number(counter!.last)).toBe(sequence.length);
    // The instance that lost a race took it as closed, not as a failure.
    expect(a.output() + b.output()).not.toContain('close the months failed');
  });

  it('close a month asked of both at once in development once, both answering that invoice', async () => {
    const organizationId = organizationIds[0]!;
    await database.db.insert(orders).values({
      organizationId,
      kind: 'cluster',
      description: 'Cluster late',
      lines: [],
      subtotalCents: 2_000,
      totalCents: 2_000,
      status: 'completed',
      paidAt: new Date(Date.now() - 60_000),
    });
    const [onA, onB] = await Promise.all([
      signInProcess(a.url, 'monthclose0'),
      signInProcess(b.url, 'monthclose0'),
    ]);
    const answers = await Promise.all([
      onA.send('POST', '/api/dev/billing/close-month', {}),
      onB.send('POST', '/api/dev/billing/close-month', {}),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    const closed = answers.flatMap(
      (answer) => (answer.body as { invoices: InvoiceSummary[] }).invoices,
    );
    expect(closed.length).toBeGreaterThan(0);
    expect(new Set(closed.map((invoice) => invoice.id)).size).toBe(1);
    const rows = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.organizationId, organizationId));
    // Last month's, and the one up to now.
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === closed[0]!.id)?.subtotalCents).toBe(2_000);
  });
});
