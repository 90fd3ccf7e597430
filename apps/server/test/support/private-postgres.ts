import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

export interface PrivatePostgres {
  url: string;
  port: number;
  /** Stops the cluster: its backends are terminated, new connections refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster (whatever state it is in) and removes its directory. */
  destroy(): void;
}

/** The newest installed PostgreSQL server's binaries (Debian keeps them per major version). */
function serverBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error(`no PostgreSQL server binaries under ${root}`);
  return path.join(root, versions[0]!, 'bin');
}

/**
 * A PostgreSQL cluster of the test's own, on a free loopback port, that it may stop and start
 * without disturbing the shared one other tests use. PostgreSQL refuses to run as root, so as
 * root it runs as the `postgres` user. Durability is off: the test restarts it cleanly.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = serverBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-private-pg-'));
  const asOwner = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asOwner.length) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    fs.chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = [...asOwner, path.join(bin, command), ...args];
    execFileSync(file!, rest, { stdio: 'pipe', timeout: 30_000 });
  };
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const pgCtlArgs = (args: string[]) => [
    ...asOwner,
    path.join(bin, 'pg_ctl'),
    ...['-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-t', '20', ...args],
  ];
  const pgCtl = (...args: string[]) => {
    const [file, ...rest] = pgCtlArgs(args);
    execFileSync(file!, rest, { stdio: 'pipe', timeout: 30_000 });
  };
  // Without blocking the event loop: the test measures answers while the cluster stops.
  const pgCtlAsync = async (...args: string[]) => {
    const [file, ...rest] = pgCtlArgs(args);
    await promisify(execFile)(file!, rest, { timeout: 30_000 });
  };
  let running = false;
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    pgCtl('-o', options, 'start');
    running = true;
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await pgCtlAsync('-m', 'fast', 'stop');
      running = false;
    },
    async start() {
      running = true;
      await pgCtlAsync('-o', options, 'start');
    },
    destroy() {
      try {
        if (running) pgCtl('-m', 'immediate', 'stop');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
