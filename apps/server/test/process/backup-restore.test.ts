import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { devLogin, freePort, spawnServer, type ServerProcess } from '../support/server-process.ts';

// The very scripts docs/operations.md tells an operator to run.
const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts');
const run = async (script: 'backup.sh' | 'restore.sh', ...args: string[]) => {
  const startedAt = Date.now();
  await promisify(execFile)('bash', [path.join(scripts, script), ...args], { timeout: 60_000 });
  return Date.now() - startedAt;
};

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-backup-'));
const started: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill()));
  fs.rmSync(workDir, { recursive: true, force: true });
});

async function startServer(env: Record<string, string>) {
  const server = spawnServer({ ...env, PORT: String(await freePort()) });
  started.push(server);
  await server.ready;
  const cookie = await devLogin(server.url, 'demo');
  for (const message of ['before the backup 1', 'before the backup 2']) {
    const response = await fetch(`${server.url}/api/dev/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ type: 'info', message }),
    });
    expect(response.status).toBe(201);
  }
  return server;
}

/** Stopped, so that nothing changes between the backup and the state it is compared with. */
async function stop(server: ServerProcess) {
  await server.stop();
  expect(await server.exited).toBe(0);
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every file of a file store directory and a digest of its bytes (the demo's attachments). */
function fileTree(dir: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, file)] = crypto
      .createHash('sha256')
      .update(fs.readFileSync(file))
      .digest('hex');
  }
  return result;
}

/** Every table's row count and a checksum of all its rows, in a stable order. */
async function fingerprint(query: Query) {
  const tables = await query(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const result: Record<string, string> = {};
  for (const { tablename } of tables) {
    const name = `"${String(tablename)}"`;
    const [row] = await query(
      `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as print from ${name} t`,
    );
    result[String(tablename)] = String(row!.print);
  }
  return result;
}

/** Writes after the backup: a row more, a row changed. */
const WRITE_MORE = [
  `insert into notifications (user_id, type, message)
   select user_id, 'info', 'after the backup' from notifications limit 1`,
  `update notifications set read = true where message = 'before the backup 1'`,
];

describe('backup and restore with the documented scripts', () => {
  it('PostgreSQL: restores exactly the backed-up state over later writes, with its files', async () => {
    const url = await createTestDatabase();
    const files = path.join(workDir, 'files');
    await stop(await startServer({ DATABASE_URL: url, FILE_STORE_DIR: files }));
    const filesBackedUp = fileTree(files);
    expect(Object.keys(filesBackedUp).length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const query: Query = async (text) => (await client.query(text)).rows;
      const backedUp = await fingerprint(query);
      const file = path.join(workDir, 'alpenkube.dump');
      const backupMs = await run('backup.sh', 'postgres', url, file, files);
      fs.rmSync(files, { recursive: true });

      for (const statement of WRITE_MORE) await query(statement);
      const changed = await fingerprint(query);
      expect(changed).not.toEqual(backedUp);

      const restoreMs = await run('restore.sh', 'postgres', url, file, files);
      expect(await fingerprint(query)).toEqual(backedUp);
      expect(fileTree(files)).toEqual(filesBackedUp);
      const [{ after }] = (await query(
        `select count(*)::int as after from notifications where message = 'after the backup'`,
      )) as [{ after: number }];
      expect(after).toBe(0);
      console.log(
        'postgres backup figures',
        JSON.stringify({ dumpBytes: fs.statSync(file).size, backupMs, restoreMs }),
      );
    } finally {
      await client.end();
    }
  });

  it('embedded: refuses while the server runs, and restores exactly the backed-up state', async () => {
    const dataDir = path.join(workDir, 'data');
    const server = await startServer({ DATA_DIR: dataDir });
    const file = path.join(workDir, 'alpenkube-data.tar.gz');

    // A running server's files are not a backup: the script refuses while it holds the lock.
    await expect(run('backup.sh', 'embedded', dataDir, file)).rejects.toThrow(
      /is running on .*: stop it first/,
    );
    await stop(server);

    const open = async () => {
      const database = await openDatabase({ dataDir });
      const query: Query = async (text) =>
        (await database.db.execute<Record<string, unknown>>(sql.raw(text))).rows;
      return { database, query };
    };
    const before = await open();
    const backedUp = await fingerprint(before.query);
    await before.database.close();
    const filesBackedUp = fileTree(path.join(dataDir, 'files'));
    expect(Object.keys(filesBackedUp).length).toBeGreaterThan(0);
    const backupMs = await run('backup.sh', 'embedded', dataDir, file);
    // It holds the whole database: its owner's alone.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.rmSync(path.join(dataDir, 'files'), { recursive: true });

    const later = await open();
    for (const statement of WRITE_MORE) await later.query(statement);
    expect(await fingerprint(later.query)).not.toEqual(backedUp);
    await later.database.close();

    // A server's lock left by a process that no longer runs (a crash) is taken over.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 1 }));
    const restoreMs = await run('restore.sh', 'embedded', dataDir, file);
    // Nothing of the swap is left behind, and the script's own hold on the lock is gone.
    expect(
      fs
        .readdirSync(dataDir)
        .filter((name) => name.startsWith('.') || name.startsWith('server.lock')),
    ).toEqual([]);
    expect(fileTree(path.join(dataDir, 'files'))).toEqual(filesBackedUp);
    const restored = await open();
    try {
      expect(await fingerprint(restored.query)).toEqual(backedUp);
    } finally {
      await restored.database.close();
    }
    console.log(
      'embedded backup figures',
      JSON.stringify({ archiveBytes: fs.statSync(file).size, backupMs, restoreMs }),
    );
  });
});
