import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropTestDatabases, TEST_DATABASE_PREFIX } from './test-database.ts';

/** Names this run's PostgreSQL databases, and drops them all at the end, even after a crash. */
export default function setup(project: TestProject) {
  const runId = process.env.TEST_RUN_ID ?? crypto.randomBytes(3).toString('hex');
  process.env.TEST_RUN_ID = runId;
  return async () => {
    if (project.config.env?.TEST_DB === 'postgres') {
      await dropTestDatabases(`${TEST_DATABASE_PREFIX}${runId}_%`);
    }
  };
}
