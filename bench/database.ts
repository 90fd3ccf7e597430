import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `run` with the server settings of a throw-away database, removed afterwards. */
export async function withDatabase<T>(
  kind: 'pglite' | 'postgres',
  run: (env: Record<string, string>) => Promise<T>,
) {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-bench-'));
    try {
      return await run({ DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const name = `alpenkube_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await run({ DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
