import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations, users } from '../../src/db/schema.ts';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.ts';
import { timedGet } from '../support/timed-get.ts';

const LOAD_SCRIPT = path.join(import.meta.dirname, '../support/upload-load.mjs');

/** One GET of /api/health on a kept-alive connection: its time in milliseconds. */
async function timedHealth(agent: http.Agent, port: number): Promise<number> {
  const answer = await timedGet(agent, port, '/api/health');
  if (answer.status !== 200) throw new Error(`health answered ${answer.status}`);
  return answer.ms;
}

/**
 * Attachments stream through the server without holding its event loop: while a client uploads
 * the most a message may carry (5 files of 10 MB) and then downloads them all at once, every
 * health check answers within 100 ms. The server and its database (PGlite on the embedded
 * run) are in this process; the client is another.
 */
describe('uploads and downloads beside other requests', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** Health answers' times while another process uploads 5 × 10 MB and downloads them at once. */
  async function healthDuringTransfer(cookie: string): Promise<number[]> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await timedHealth(agent, port);
    const load = spawn(process.execPath, [LOAD_SCRIPT], {
      env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}`, COOKIE: cookie },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The client's own work is not what is measured: it yields the processor to the server.
    os.setPriority(load.pid!, 19);
    let output = '';
    let errors = '';
    load.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    load.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    let running = true;
    const exited = new Promise<number | null>((resolve) => load.on('exit', resolve)).finally(
      () => (running = false),
    );
    const latencies: number[] = [];
    while (running) {
      latencies.push(await timedHealth(agent, port));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    agent.destroy();
    expect(await exited, errors).toBe(0);
    const result = JSON.parse(output) as { sizes: number[] };
    expect(result.sizes).toEqual(Array(5).fill(10 * 1024 * 1024));
    // Enough answers to have watched the whole transfer.
    expect(latencies.length).toBeGreaterThan(10);
    return latencies;
  }

  it('answers /api/health within 100 ms during a maximal upload and parallel downloads', async () => {
    const { client, user } = await registerUser(t.app);
    const [row] = await t.app.services.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, user.id))
      .returning();
    await t.app.services.db
      .update(organizations)
      .set({ status: 'active' })
      .where(eq(organizations.id, row!.organizationId));
    await t.app.services.sessions.userChanged(t.app.services.db, user.id);

    const cookie = `sid=${client.cookie('sid')}`;
    // A process descheduled on a busy machine looks like a slow answer too (a bare node:http
    // server shows such spikes beside two busy processes): up to three tries, each of which
    // must keep every answer under 100 ms. A server that stalls on the transfer fails them all.
    const tries: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const slowest = Math.max(...(await healthDuringTransfer(cookie)));
      tries.push(Math.round(slowest));
      if (slowest < 100) break;
    }
    expect(Math.min(...tries), `slowest answer of each try (ms): ${tries.join(', ')}`).toBeLessThan(
      100,
    );
  }, 120_000);
});
