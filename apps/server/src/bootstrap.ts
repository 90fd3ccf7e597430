import type { FastifyInstance } from 'fastify';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './modules/dev/index.ts';
import { syncCatalogs } from './modules/platform/index.ts';
import { syncProductCatalog } from './modules/products/index.ts';
import { moveAttachmentsToFileStore } from './modules/support/index.ts';

/**
 * Brings the database up to date: schema, attachments still kept in the database moved to the
 * file store, the tier catalog, and demo data in development.
 */
export async function prepareDatabase(app: FastifyInstance) {
  const { db, config, fileStore } = app.services;
  await migrate(db);
  const moved = await moveAttachmentsToFileStore(db, fileStore);
  if (moved > 0)
    app.log.info(`moved ${moved} attachments from the database to the ${fileStore.description}`);
  await syncCatalogs(db);
  await syncProductCatalog(db);
  if (config.appEnv === 'development') await seedDemoData(app.services);
}
