/** The platform module's public surface: other modules and the app import only this file. */
export { type CatalogService, createCatalogService, syncCatalogs } from './catalog-service.ts';
export { createPlatformService, type PlatformService, versionSummary } from './platform-service.ts';
export { backupLine, TIER_BACKUPS, type TierBackups } from './tier-catalog.ts';
