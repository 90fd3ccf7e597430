/**
 * Writes the types generated from the server's OpenAPI document (src/schema.d.ts) and its
 * order-placing routes (src/order-routes.ts). The document comes from the app itself, built in-process on an in-memory
 * PGlite database: no server, no PostgreSQL. A test fails while the files are stale.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import { ORDER_ROUTES_FILE, TYPES_FILE, generatedFiles } from './generated-files.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alpenkube-openapi-'));
const database = await openDatabase({ dataDir: 'memory://' });
await migrate(database.db);
const app = await buildApp({
  config: {
    ...loadConfig({
      APP_ENV: 'development',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATA_DIR: dataDir,
    }),
    runJobs: false,
  },
  database,
});
await app.ready();
const files = await generatedFiles(app.swagger());
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
await writeFile(TYPES_FILE, files.types);
await writeFile(ORDER_ROUTES_FILE, files.orderRoutes);
console.log(`Wrote ${TYPES_FILE.pathname} and ${ORDER_ROUTES_FILE.pathname}`);
process.exit(0);
