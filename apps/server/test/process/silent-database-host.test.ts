import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitFor } from '../support/cluster-process.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { startSilentProxy, type SilentProxy } from '../support/silent-proxy.ts';
import {
  devLogin,
  freePort,
  openSocket,
  spawnServer,
  type ServerProcess,
} from '../support/server-process.ts';

/** Short, so that the test sees several time-outs; production keeps 3 s and 60 s. */
const CONNECT_TIMEOUT_MS = 1000;
const QUERY_TIMEOUT_MS = 2000;
/**
 * The longest an answer may take while the host is silent: a wait for a free connection, then
 * one query's time-out, and a margin for a busy machine. A transaction whose rollback waited a
 * second time-out would take longer.
 */
const SILENT_ANSWER_BOUND_MS = CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS + 700;
const SILENCE_MS = 6000;
const UNAVAILABLE = 'The database is unavailable; try again in a moment';

let databaseUrl: string;
let proxy: SilentProxy;
let server: ServerProcess;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  const direct = new URL(databaseUrl);
  proxy = await startSilentProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  server = spawnServer({
    DATABASE_URL: proxied.toString(),
    PORT: String(await freePort()),
    DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
  });
  await server.ready;
});

afterAll(async () => {
  await server?.kill();
  await proxy?.close();
});

interface Answer {
  status: number | 'network error';
  startedAt: number;
  endedAt: number;
  message?: unknown;
  retryAfter?: string | null;
  id?: number;
  text?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request as a client sends it, with a deadline far past any bound: a hang is recorded. */
async function ask(url: string, init: RequestInit = {}): Promise<Answer> {
  const answer: Answer = { status: 'network error', startedAt: Date.now(), endedAt: 0 };
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const body = (await response.json()) as { id?: number; message?: unknown };
    answer.status = response.status;
    answer.message = body.message;
    answer.retryAfter = response.headers.get('retry-after');
    answer.id = body.id;
  } catch {
    // Stays 'network error': a hang or a dropped connection, both failures.
  }
  answer.endedAt = Date.now();
  return answer;
}

describe('the database host goes silent', () => {
  it('answers 503 within the time-outs while it is silent, and recovers by itself with its pushes', async () => {
    const cookie = await devLogin(server.url, 'demo');
    const { socket, messages, opened } = openSocket(server.url, cookie);
    const pushed = messages as { notification?: { id: number } }[];
    await opened;

    const notify = (text: string) =>
      ask(`${server.url}/api/dev/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ type: 'info', message: text }),
      });
    const writes: Answer[] = [];
    const healths: Answer[] = [];
    let running = true;
    const writer = async (name: string) => {
      for (let i = 0; running; i++) {
        const text = `silent ${name}-${i}`;
        const answer = { ...(await notify(text)), text };
        writes.push(answer);
        // A 503 asks to wait; a real client would, and a tight loop would only measure itself.
        if (answer.status !== 201) await sleep(50);
      }
    };
    const healthPoller = async () => {
      while (running) {
        healths.push(await ask(`${server.url}/api/health`));
        await sleep(250);
      }
    };
    const clients = Promise.all([...['a', 'b', 'c'].map(writer), healthPoller()]);

    await sleep(1500);
    const silencedAt = Date.now();
    proxy.silence();
    await sleep(SILENCE_MS);
    proxy.resume();
    const resumedAt = Date.now();
    const firstSuccess = await waitFor(
      'a write to succeed again',
      async () => writes.find((a) => a.startedAt >= resumedAt && a.status === 201),
      15_000,
    );
    // Long enough for anything left broken by the silence to show.
    await sleep(3 * QUERY_TIMEOUT_MS);
    running = false;
    await clients;

    expect(server.child.exitCode).toBeNull();
    const overlapping = (answers: Answer[]) =>
      answers.filter((a) => a.endedAt >= silencedAt && a.startedAt < resumedAt);
    const duringSilence = (answers: Answer[]) =>
      answers.filter((a) => a.startedAt >= silencedAt && a.endedAt < resumedAt);

    // Whatever was asked while the host was silent got a 503 with its message, in time.
    expect(new Set(writes.map((a) => a.status))).toEqual(new Set([201, 503]));
    const silentWrites = overlapping(writes).filter((a) => a.status !== 201);
    expect(silentWrites.length).toBeGreaterThan(5);
    for (const answer of silentWrites) {
      expect(answer.status).toBe(503);
      expect(answer.message).toBe(UNAVAILABLE);
      expect(answer.retryAfter).toBe('5');
    }
    expect(duringSilence(writes).every((a) => a.status === 503)).toBe(true);
    const slowest = Math.max(...overlapping(writes).map((a) => a.endedAt - a.startedAt));
    expect(slowest).toBeLessThan(SILENT_ANSWER_BOUND_MS);

    // The health check says so, as it does for a refused database (after its 1 s of reuse).
    const silentHealth = duringSilence(healths).filter((a) => a.startedAt >= silencedAt + 1000);
    expect(silentHealth.length).toBeGreaterThan(0);
    for (const answer of silentHealth) {
      expect(answer.status).toBe(503);
      expect(answer.message).toEqual(expect.any(String));
      expect(answer.endedAt - answer.startedAt).toBeLessThan(SILENT_ANSWER_BOUND_MS);
    }

    // Back without a restart: a write succeeds soon after, and nothing fails once one has.
    const recoveredAfterMs = firstSuccess.endedAt - resumedAt;
    expect(recoveredAfterMs).toBeLessThan(SILENT_ANSWER_BOUND_MS + 1000);
    const writesAfter = writes.filter((a) => a.startedAt >= firstSuccess.endedAt);
    expect(writesAfter.length).toBeGreaterThan(10);
    expect(writesAfter.filter((a) => a.status !== 201)).toEqual([]);
    // The health check reuses a failed probe for a second, and one begun just before the host
    // came back may have waited for its time-out.
    const healthAfter = healths.filter(
      (a) => a.startedAt >= firstSuccess.endedAt + QUERY_TIMEOUT_MS + 1000,
    );
    expect(healthAfter.length).toBeGreaterThan(0);
    expect(healthAfter.filter((a) => a.status !== 200)).toEqual([]);

    // Every acknowledged write is stored, once.
    const direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
    const { rows: stored } = await direct
      .query<{ id: number; message: string }>(
        `select id, message from notifications where message like 'silent %'`,
      )
      .finally(() => direct.end());
    const storedIds = new Map(stored.map((row) => [row.id, row.message]));
    const acknowledged = writes.filter((a) => a.status === 201);
    for (const answer of acknowledged) expect(storedIds.get(answer.id!)).toBe(answer.text);
    expect(new Set(stored.map((row) => row.message)).size).toBe(stored.length);

    // The LISTEN connection went silent with the rest and stays so: the server noticed, made a
    // new one, and a push reaches the socket again.
    expect(socket.readyState).toBe(WebSocket.OPEN);
    const pushedAt = await waitFor(
      'a push after the silence',
      async () => {
        const answer = await notify('after the silence');
        expect(answer.status).toBe(201);
        await sleep(300);
        return pushed.some((m) => m.notification?.id === answer.id) ? Date.now() : undefined;
      },
      20_000,
    );
    socket.close();

    const figures = {
      writes: writes.length,
      unavailable: silentWrites.length,
      slowestSilentMs: slowest,
      firstUnavailableAfterSilenceMs: Math.min(...silentWrites.map((a) => a.endedAt)) - silencedAt,
      recoveredAfterResumeMs: recoveredAfterMs,
      pushAfterResumeMs: pushedAt - resumedAt,
      proxiedConnections: proxy.connections(),
    };
    console.log('silent host figures', JSON.stringify(figures));
  });
});
