import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { syncCatalogs } from '../../src/modules/platform/catalog-service.ts';
import { syncProductCatalog } from '../../src/modules/products/index.ts';
import { createTestDatabase } from './postgres-databases.ts';

export {
  adminDatabaseUrl,
  createTestDatabase,
  dropTestDatabases,
  TEST_DATABASE_PREFIX,
} from './postgres-databases.ts';

export type TestDbKind = 'pglite' | 'postgres';

export const testDbKind = (): TestDbKind =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

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
