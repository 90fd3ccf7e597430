import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** A process that takes the lock, says how it went, and holds on until it is killed. */
function contender(dir: string) {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    try { lockDataDir(${JSON.stringify(dir)}); console.log('locked'); }
    catch (error) { console.log(error.name); }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const outcome = new Promise<string>((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('\n')) resolve(output.trim());
    });
    child.on('exit', () => resolve(output.trim()));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return { outcome, stop: () => (child.kill('SIGKILL'), exited) };
}

/** A pid that runs nothing: a process that ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the data-directory lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const lockPath = () => path.join(dir, 'server.lock');

  it('is whole as soon as it exists, and leaves no stray file behind', () => {
    const unlock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockPath(), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(fs.readdirSync(dir)).toEqual(['server.lock']);
    unlock();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses while a live process holds it', async () => {
    fs.writeFileSync(lockPath(), JSON.stringify({ pid: process.ppid }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(fs.readFileSync(lockPath(), 'utf8')).toBe(JSON.stringify({ pid: process.ppid }));
  });

  it('takes over a lock left by a dead process, or an unreadable one', async () => {
    for (const stale of [JSON.stringify({ pid: await deadPid() }), '', '{"pi']) {
      fs.writeFileSync(lockPath(), stale);
      const unlock = lockDataDir(dir);
      expect(JSON.parse(fs.readFileSync(lockPath(), 'utf8')).pid).toBe(process.pid);
      unlock();
    }
  });

  it('lets exactly one of several servers starting at once have it, over a stale lock too', async () => {
    for (const stale of [null, JSON.stringify({ pid: await deadPid() })]) {
      if (stale) fs.writeFileSync(lockPath(), stale);
      // Every contender holds on until all have tried: none can find a lock left by a dead one.
      const contenders = Array.from({ length: 6 }, () => contender(dir));
      const outcomes = await Promise.all(contenders.map((c) => c.outcome));
      await Promise.all(contenders.map((c) => c.stop()));
      expect(
        outcomes.filter((outcome) => outcome === 'locked'),
        String(stale),
      ).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'DataDirLockedError')).toHaveLength(5);
      fs.rmSync(lockPath(), { force: true });
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  }, 60_000);
});
