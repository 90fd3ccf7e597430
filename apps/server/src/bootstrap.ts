import type { FastifyInstance } from 'fastify';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './modules/dev/index.ts';
import { syncCatalogs } from './modules/platform/index.ts';
import { syncProductCatalog } from './modules/products/index.ts';

/** Brings the database up to date: schema, the tier catalog, and demo data in development. */
export async function prepareDatabase(app: FastifyInstance) {
  const { db, config } = app.services;
  await migrate(db);
  await syncCatalogs(db);
  await syncProductCatalog(db);
  if (config.appEnv === 'development') await seedDemoData(app.services);
}
