import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, type ServerProcess } from '../support/server-process.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-permissions-'));
const started: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill()));
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every entry under `dir` (itself included) that the group or others may use, with its mode. */
function sharedEntries(dir: string): string[] {
  const found: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const stat = fs.lstatSync(entry);
    if (stat.mode & 0o077) found.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) pending.push(path.join(entry, name));
    }
  }
  return found;
}

describe('the data directory of the embedded database', () => {
  it('is private to the server: what was shared is fixed at start, what PGlite writes is 0600', async () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'left-by-an-older-version.json'), '{}');
    fs.chmodSync(path.join(dataDir, 'left-by-an-older-version.json'), 0o644);

    const server = spawnServer({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      KUBE_API_PORT: String(await freePort()),
      // No demo data to seed: a quicker start.
      APP_ENV: 'test',
    });
    started.push(server);
    await server.ready;
    // A registration: writes after the start, besides the migrations' new relations.
    const registered = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'private',
        email: 'private@example.com',
        password: 'correct-horse-battery-staple-42',
      }),
    });
    expect(registered.status).toBe(201);
    // The simulated Kubernetes API writes its key once it listens, just after the server.
    const key = path.join(dataDir, 'kube-api-tls.json');
    for (let i = 0; i < 100 && !fs.existsSync(key); i++)
      await new Promise((r) => setTimeout(r, 100));
    await server.stop();

    expect(server.output()).toMatch(/readable by other users: 2 entries made private/);
    expect(fs.readdirSync(path.join(dataDir, 'pgdata')).length).toBeGreaterThan(5);
    expect(fs.existsSync(key)).toBe(true);
    expect(sharedEntries(dataDir)).toEqual([]);
  });
});
