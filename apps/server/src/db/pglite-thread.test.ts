import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { uniqueViolation } from './errors.ts';

describe('the embedded database in its own thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(sql`create table things (name text primary key, n int not null)`);
  }, 60_000);
  afterAll(() => database.close());

  it('keeps the event loop turning while a query works', async () => {
    let ticks = 0;
    let longestGapMs = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    const { rows } = await database.db.execute<{ total: string }>(
      sql`select sum(a * b)::text as total from generate_series(1, 1500) a, generate_series(1, 1500) b`,
    );
    const tookMs = performance.now() - started;
    clearInterval(timer);
    expect(rows[0]!.total).toBe(String(((1500 * 1501) / 2) ** 2));
    // The query takes hundreds of milliseconds; the server's timers fired all along.
    expect(tookMs).toBeGreaterThan(200);
    expect(ticks).toBeGreaterThan(tookMs / 50);
    expect(longestGapMs).toBeLessThan(150);
  });

  it('tells how long its oldest unanswered request has waited', async () => {
    expect(database.activity!()).toEqual({ stopped: false, oldestWaitMs: 0 });
    // Drizzle sends a query when it is awaited: `then` sends these now.
    const sleeping = database.db.execute(sql`select pg_sleep(0.5)`).then(() => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    const behind = database.db.execute(sql`select 1`).then(() => {});
    const { stopped, oldestWaitMs } = database.activity!();
    expect(stopped).toBe(false);
    // The sleep's age, not the query queued behind it.
    expect(oldestWaitMs).toBeGreaterThanOrEqual(190);
    await Promise.all([sleeping, behind]);
    expect(database.activity!()).toEqual({ stopped: false, oldestWaitMs: 0 });
  });

  it('commits a transaction, and rolls back the one whose callback threw', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things values ('kept', 1)`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things values ('dropped', 2)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await database.db.execute<{ name: string }>(sql`select name from things`);
    expect(rows.map((row) => row.name)).toEqual(['kept']);
  });

  it('keeps other queries out of an open transaction until it ends', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`update things set n = 10 where name = 'kept'`);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = database.db.execute<{ n: number }>(
      sql`select n from things where name = 'kept'`,
    );
    release();
    await transaction;
    expect((await outside).rows[0]!.n).toBe(10);
  });

  it("gives the database's errors with their SQLSTATE and constraint", async () => {
    const error = await database.db
      .execute(sql`insert into things values ('kept', 3)`)
      .catch((caught: unknown) => caught);
    expect(uniqueViolation(error)).toEqual({ constraint: 'things_pkey' });
  });

  it('delivers notifications to listeners', async () => {
    const heard = new Promise<string>((resolve) => void database.listen('news', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await database.db.execute(sql`select pg_notify('news', 'hello')`);
    expect(await heard).toBe('hello');
  });
});
