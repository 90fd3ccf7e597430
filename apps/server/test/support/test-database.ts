import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { syncCatalogs } from '../../src/modules/platform/catalog-service.ts';
import { syncProductCatalog } from '../../src/modules/products/index.ts';

export type TestDbKind = 'pglite' | 'postgres';

export const testDbKind = (): TestDbKind =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The server tests create their databases on; scripts/test.sh makes sure one answers. */
export const adminDatabaseUrl = () =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const TEST_DATABASE_PREFIX = 'alpenkube_test_';

/** A fresh, migrated PostgreSQL database with a unique name; dropped by `dropTestDatabase`. */
export async function createTestDatabase(): Promise<string> {
  const name = `${TEST_DATABASE_PREFIX}${process.env.TEST_RUN_ID ?? 'adhoc'}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabases(pattern: string) {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [pattern],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

declare global {
  var __alpenkubeTestDatabase: Promise<Database> | undefined;
}

/**
 * One database per test worker, shared by every test file in it (opening PGlite takes seconds
 * and about 1 GB). Tests call `resetDatabase` to start from an empty, migrated state.
 */
export function sharedTestDatabase(): Promise<Database> {
  globalThis.__alpenkubeTestDatabase ??= (async () => {
    const database =
      testDbKind() === 'postgres'
        ? await openDatabase({ databaseUrl: await createTestDatabase(), dataDir: '', poolSize: 5 })
        : await openDatabase({ dataDir: 'memory://' });
    await migrate(database.db);
    return database;
  })();
  return globalThis.__alpenkubeTestDatabase;
}

/** The catalog's tables: written by the migrations and the start, not by a test. */
const KEEP_TABLES = new Set([
  'schema_migrations',
  'cluster_tiers',
  'addons',
  'providers',
  'regions',
  'kubernetes_versions',
  'support_plans',
]);

export async function resetDatabase(database: Database) {
  const { rows } = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = rows.map((row) => row.tablename).filter((name) => !KEEP_TABLES.has(name));
  if (tables.length) {
    // The audit trail refuses to be emptied unless the transaction says it resets a test database.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('alpenkube.reset_test_database', 'on', true)`);
      await tx.execute(
        sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`),
      );
    });
  }
  await syncCatalogs(database.db);
  await syncProductCatalog(database.db);
}
