import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase } from '../support/test-database.ts';
import {
  devLogin,
  freePort,
  openSocket,
  spawnServer,
  type ServerProcess,
} from '../support/server-process.ts';

const servers: ServerProcess[] = [];
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  const start = async () => {
    const server = spawnServer({ DATABASE_URL: databaseUrl, PORT: String(await freePort()) });
    servers.push(server);
    return server;
  };
  // Both start at once on an empty database: migrations and demo data must not collide.
  [a, b] = await Promise.all([start(), start()]);
  await Promise.all([a.ready, b.ready]);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

describe('two server processes on one PostgreSQL', () => {
  it("pushes a notification written through one to the user's socket held by the other, and to no one else", async () => {
    const demoOnA = await devLogin(a.url, 'demo');
    const demo = openSocket(b.url, await devLogin(b.url, 'demo'));
    const other = openSocket(b.url, await devLogin(b.url, 'admin'));
    await Promise.all([demo.opened, other.opened]);

    const response = await fetch(`${a.url}/api/dev/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: demoOnA },
      body: JSON.stringify({ type: 'success', message: 'Cluster prod-eu-1 is ready' }),
    });
    expect(response.status).toBe(201);
    const written = (await response.json()) as { id: number };
    const me = (await (
      await fetch(`${a.url}/api/user`, { headers: { cookie: demoOnA } })
    ).json()) as { id: number };

    // Only the pushes of this notification: the demo organization's add-on, which a job
    // installs soon after the start, pushes its cluster events and notice to both members.
    const ofWritten = (messages: unknown[]) =>
      messages.filter(
        (message) => (message as { notification?: { id: number } }).notification?.id === written.id,
      );
    const deadline = Date.now() + 2000;
    while (ofWritten(demo.messages).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(ofWritten(demo.messages)).toEqual([
      {
        type: 'notification',
        userId: me.id,
        notification: expect.objectContaining({
          id: written.id,
          type: 'success',
          message: 'Cluster prod-eu-1 is ready',
          read: false,
        }),
      },
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(ofWritten(other.messages)).toEqual([]);
    expect(other.messages).not.toContainEqual(
      expect.objectContaining({ userId: me.id, type: 'notification' }),
    );
    demo.socket.close();
    other.socket.close();
  });

  it('refuses a socket without a signed-in session', async () => {
    const anonymous = new WebSocket(`${b.url.replace('http', 'ws')}/ws`);
    const status = await new Promise<number>((resolve) => {
      anonymous.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      anonymous.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });
});
