import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { devLogin, freePort, spawnServer, type ServerProcess } from '../support/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-durability-'));
const started: ServerProcess[] = [];

async function start() {
  const server = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
  started.push(server);
  await server.ready;
  return server;
}

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database (PGlite on disk)', () => {
  it('keeps every acknowledged write through a SIGKILL, and a restart takes over its lock', async () => {
    const first = await start();
    const cookie = await devLogin(first.url, 'demo');
    const acknowledged: number[] = [];
    let killed = false;

    // Four writers at once, until the server dies under them.
    const writer = async () => {
      for (let i = 0; !killed && i < 1000; i++) {
        try {
          const response = await fetch(`${first.url}/api/dev/notify`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ type: 'info', message: `durability ${i}` }),
          });
          if (response.status === 201)
            acknowledged.push(((await response.json()) as { id: number }).id);
        } catch {
          return; // The connection died with the server.
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await writers;
    const acked = [...acknowledged];

    // The lock file of the killed process is still there; the new server takes it over.
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    const second = await start();
    const response = await fetch(`${second.url}/api/notifications`, {
      headers: { cookie: await devLogin(second.url, 'demo') },
    });
    const stored = new Set(((await response.json()) as { id: number }[]).map((n) => n.id));
    const lost = acked.filter((id) => !stored.has(id));
    expect(acked.length).toBeGreaterThanOrEqual(60);
    expect(lost).toEqual([]);
  });

  it('refuses a second server on the same data directory with a clear message', async () => {
    // The server of the previous test still holds dataDir.
    const intruder = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    started.push(intruder);
    await expect(intruder.ready).rejects.toThrow(/server exited/);
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(/data directory .* is in use by another server \(pid \d+\)/);
  });
});
