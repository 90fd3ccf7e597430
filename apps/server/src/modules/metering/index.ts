/**
 * Metering: hourly usage records from the clusters' history, usage reports, the billing
 * summary and budget alerts.
 */
export { meteringRoutes } from './metering-routes.ts';
export { createMeteringService, type MeteringService } from './metering-service.ts';
