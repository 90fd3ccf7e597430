import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { timedGet, type TimedAnswer } from '../support/timed-get.ts';

/** How long the long query sleeps: PGlite's pg_sleep holds its thread as a heavy query would. */
const LONG_QUERY_S = 10;

/**
 * A busy database is not an unreachable one. The embedded database has one connection: while it
 * works on a 10-second query, health's own `select 1` waits behind it, yet health answers 200
 * within 100 ms, saying the database is busy (`database-health.ts`). On PostgreSQL the probe
 * takes another connection of the pool and answers. The server listens on loopback and is
 * asked over HTTP.
 */
describe('health while the database works on a long query', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** Health answers' times over HTTP while the database works on a long query. */
  async function healthDuringLongQuery(): Promise<number[]> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // The connection is made before, on a route that leaves health's probe unasked; the probe's
    // last answer (reused for a second) is let go stale.
    expect((await timedGet(agent, port, '/api/version/summary')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const started = performance.now();
    let running = true;
    // Drizzle sends a query when it is awaited: `then` sends these now.
    const long = t.database.db
      .execute(sql`select pg_sleep(${LONG_QUERY_S})`)
      .then(() => performance.now() - started)
      .finally(() => (running = false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const behind = t.database.db.execute(sql`select 1`).then(() => performance.now() - started);

    // Asked while the query ran; the answers that came back before its end say it is busy.
    const during: (TimedAnswer & { beforeEnd: boolean })[] = [];
    while (running) {
      const answer = await timedGet(agent, port, '/api/health');
      during.push({ ...answer, beforeEnd: running });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const longMs = await long;
    const behindMs = await behind;
    // Once the query is over, the probe answers for itself.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await timedGet(agent, port, '/api/health');
    agent.destroy();

    const times = during.map((answer) => Math.round(answer.ms));
    console.info(
      `${t.database.kind}: query ${Math.round(longMs)} ms, a select 1 behind it ${Math.round(behindMs)} ms; ` +
        `${during.length} health answers during it, slowest ${Math.max(...times)} ms, ` +
        `median ${[...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]} ms`,
    );
    expect(longMs).toBeGreaterThan(LONG_QUERY_S * 1000 - 100);
    expect(during.every((answer) => answer.status === 200)).toBe(true);
    expect(after.status).toBe(200);
    expect(after.headers['x-database']).toBeUndefined();
    if (t.database.kind === 'pglite') {
      // The database was really held: a query sent after the long one waited for its end.
      expect(behindMs).toBeGreaterThan(longMs - 100);
      const beforeEnd = during.filter((answer) => answer.beforeEnd);
      expect(beforeEnd.every((answer) => answer.headers['x-database'] === 'busy')).toBe(true);
    } else {
      expect(behindMs).toBeLessThan(1000);
      expect(during.every((answer) => answer.headers['x-database'] === undefined)).toBe(true);
    }
    return times;
  }

  it(`answers /api/health 200 within 100 ms all through a ${LONG_QUERY_S}-second query`, async () => {
    // A process descheduled on a busy machine looks like a slow answer too: up to three tries,
    // each of which must keep every answer under 100 ms. A health that waits for the query
    // (10 s) fails them all. On PostgreSQL each answer is a round trip to another process on a
    // shared machine: what is shown there is that none waits for the query (under 1 s).
    const limitMs = t.database.kind === 'pglite' ? 100 : 1000;
    const tries: number[][] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      tries.push(await healthDuringLongQuery());
      if (Math.max(...tries.at(-1)!) < limitMs) break;
    }
    const slowest = tries.map((times) => Math.max(...times));
    expect(
      Math.min(...slowest),
      `slowest answer of each try (ms): ${slowest.join(', ')}`,
    ).toBeLessThan(limitMs);
    // Answers all through the query, not a few.
    expect(tries.at(-1)!.length).toBeGreaterThan(40);
  }, 90_000);
});
