import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devLogin, freePort, spawnServer, type ServerProcess } from '../support/server-process.ts';

/**
 * The data directory is a tmpfs this small: PGlite with the migrations and the demo data takes
 * about 90 MB (48 MB of it three WAL segments), so a filler file leaves only a little room.
 */
const TMPFS_SIZE = '128m';
/** What the filler leaves free: a few pages of table and index. */
const LEFT_FREE_BYTES = 64 * 1024;
const OUT_OF_SPACE = 'The server is out of disk space; try again later';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-disk-full-'));
const filler = path.join(dataDir, 'filler');
let mounted = false;
let skipReason: string | undefined;
const started: ServerProcess[] = [];

beforeAll(() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', dataDir], {
      stdio: 'pipe',
    });
    mounted = true;
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? error);
    if (!/permission denied|EPERM|must be superuser|only root/i.test(stderr)) throw error;
    skipReason = `cannot mount a tmpfs here (${stderr.trim()}): the disk-full test needs root`;
    console.warn(skipReason);
  }
});

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill()));
  if (mounted) execFileSync('umount', [dataDir]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const server = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
  started.push(server);
  await server.ready;
  return server;
}

/** Takes all but LEFT_FREE_BYTES; the server writes meanwhile, so it measures again if need be. */
function fill() {
  for (let attempt = 0; ; attempt++) {
    const free = Number(
      execFileSync('df', ['--output=avail', '-B1', dataDir], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .pop(),
    );
    try {
      execFileSync('fallocate', ['-l', String(free - LEFT_FREE_BYTES), filler], { stdio: 'pipe' });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the embedded database on a full disk', () => {
  it('refuses writes with a 503 while reads go on, writes again once space is freed, and keeps the data', async (context) => {
    if (skipReason) context.skip(skipReason);
    const server = await start();
    const cookie = await devLogin(server.url, 'demo');
    const write = (text: string) =>
      fetch(`${server.url}/api/dev/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ type: 'info', message: text.padEnd(480, '.') }),
        signal: AbortSignal.timeout(5000),
      });
    /** The texts of the demo user's notifications this test wrote, by id. */
    const written = async (url = server.url, session = cookie) => {
      const response = await fetch(`${url}/api/notifications`, { headers: { cookie: session } });
      expect(response.status).toBe(200);
      const list = (await response.json()) as { id: number; message: string }[];
      return new Map(
        list.filter((n) => n.message.startsWith('disk ')).map((n) => [n.id, n.message]),
      );
    };

    fill();
    const acknowledged = new Map<number, string>();
    let refused: Response | undefined;
    const fillStarted = Date.now();
    for (let i = 0; i < 2000 && !refused; i++) {
      const response = await write(`disk ${i}`);
      if (response.status === 201) {
        const { id, message } = (await response.json()) as { id: number; message: string };
        acknowledged.set(id, message);
      } else refused = response;
    }
    const firstRefusalMs = Date.now() - fillStarted;
    expect(refused?.status).toBe(503);
    expect(await refused!.json()).toEqual({ message: OUT_OF_SPACE });
    expect(refused!.headers.get('retry-after')).toBe('60');

    // Still full: writes are refused the same way, reads are answered, the process lives.
    expect((await write('still full')).status).toBe(503);
    expect(await written()).toEqual(acknowledged);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    // Space freed: writes succeed again, without a restart.
    fs.rmSync(filler);
    const freedAt = Date.now();
    let again = await write('disk freed');
    while (again.status !== 201 && Date.now() - freedAt < 5000) {
      await sleep(100);
      again = await write('disk freed');
    }
    expect(again.status).toBe(201);
    const { id, message } = (await again.json()) as { id: number; message: string };
    acknowledged.set(id, message);
    console.log(
      'disk full figures',
      JSON.stringify({
        acknowledgedBeforeFull: acknowledged.size - 1,
        firstRefusalMs,
        writableAgainAfterMs: Date.now() - freedAt,
        dataDirBytes: execFileSync('du', ['-sb', dataDir], { encoding: 'utf8' }).split('\t')[0],
      }),
    );

    // A restart finds every acknowledged write and nothing else.
    await server.stop();
    expect(await server.exited).toBe(0);
    const restarted = await start();
    expect(await written(restarted.url, await devLogin(restarted.url, 'demo'))).toEqual(
      acknowledged,
    );
  });
});
