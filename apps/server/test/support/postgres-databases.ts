import crypto from 'node:crypto';
import pg from 'pg';

/*
 * The test databases on the PostgreSQL server, apart from the server's code: process tests and
 * the bench (whose type check does not include the server's Fastify augmentations) create them.
 */

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
