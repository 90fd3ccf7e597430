import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant: every instance starting at once waits on this lock, so one applies each file.
const MIGRATION_LOCK_KEY = 7_114_2025;

/** Applies the committed SQL files in order, each once, in one transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    const applied = new Set(
      (await tx.execute<{ name: string }>(sql`select name from schema_migrations`)).rows.map(
        (row) => row.name,
      ),
    );
    const pending = files.filter((file) => !applied.has(file));
    for (const file of pending) {
      const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
    }
    return pending;
  });
}
