import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { FileStore } from './files/file-store.ts';
import type { OrganizationAnswers } from './http/organization-answers.ts';
import type { JobRunner } from './jobs/job-queue.ts';
import type { Sealer } from './lib/crypto.ts';
import type { PasswordHasher } from './lib/passwords.ts';

/**
 * The process's own parts, which any module may be given: they belong to no module. A module's
 * dependency type picks from these and names other modules' services by their own types,
 * imported through those modules' `index.ts`; only `services.ts` builds and joins them all.
 */
export interface Infrastructure {
  config: AppConfig;
  database: Database;
  db: Db;
  /** Attachments' and invoices' CSVs' bytes: a directory, or an S3-compatible bucket. */
  fileStore: FileStore;
  jobs: JobRunner;
  /** Answers kept per organization until a table they read changes (lists, billing summary). */
  organizationAnswers: OrganizationAnswers;
  passwords: PasswordHasher;
  sealer: Sealer;
}
