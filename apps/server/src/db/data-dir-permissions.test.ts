import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';
import { makeDataDirPrivate } from './data-dir-permissions.ts';

const modeOf = (file: string) => fs.lstatSync(file).mode & 0o777;

describe('the data directory made private', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-private-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('takes every bit of the group and others off the directory and all it holds', () => {
    const dir = path.join(root, 'data');
    fs.mkdirSync(path.join(dir, 'pgdata', 'base'), { recursive: true });
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, 'pgdata'), 0o777);
    fs.writeFileSync(path.join(dir, 'pgdata', 'base', '1259'), 'rows');
    fs.chmodSync(path.join(dir, 'pgdata', 'base', '1259'), 0o666);
    fs.writeFileSync(path.join(dir, 'kube-api-tls.json'), '{}', { mode: 0o600 });
    // A link out of the directory: its target is someone else's business.
    const outside = path.join(root, 'outside.txt');
    fs.writeFileSync(outside, 'not ours');
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dir, 'link'));

    expect(makeDataDirPrivate(dir, { create: true })).toBe(4);

    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'pgdata'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'pgdata', 'base'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'pgdata', 'base', '1259'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'kube-api-tls.json'))).toBe(0o600);
    expect(modeOf(outside)).toBe(0o644);
    // Already private: nothing to say at the next start.
    expect(makeDataDirPrivate(dir, { create: true })).toBe(0);
  });

  it('creates a missing directory private, or leaves it missing when not asked to', () => {
    const dir = path.join(root, 'new', 'data');
    expect(makeDataDirPrivate(dir, { create: false })).toBe(0);
    expect(fs.existsSync(dir)).toBe(false);
    makeDataDirPrivate(dir, { create: true });
    expect(modeOf(dir)).toBe(0o700);
  });

  it('keeps a file the embedded database writes later private, whatever mode it asks for', async () => {
    const dir = path.join(root, 'data');
    const database = await openDatabase({ dataDir: dir });
    try {
      const {
        rows: [setting],
      } = (await database.db.execute(sql`show data_directory`)) as unknown as {
        rows: { data_directory: string }[];
      };
      // COPY asks for 0644, as PostgreSQL does for the relation cache files it writes.
      await database.db.execute(
        sql.raw(`copy (select 1) to '${setting!.data_directory}/copied.txt'`),
      );
    } finally {
      await database.close();
    }
    expect(modeOf(path.join(dir, 'pgdata', 'copied.txt'))).toBe(0o600);
    // Opening PGlite takes seconds.
  }, 60_000);
});
