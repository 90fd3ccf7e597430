/**
 * Metering: hourly usage records from the clusters' history, usage reports, the billing
 * summary and budget alerts.
 */
export {
  createMeteringService,
  METERING_EVERY_MS,
  type MeteringService,
} from './metering-service.ts';
export { monthOf } from './billing-summary.ts';
export { meteredCostPrepaidBy } from './usage-meter.ts';
export { clustersDueForMetering } from './due-clusters.ts';
export {
  billedUsagePage,
  firstUnbilledUsageAt,
  markUsageBilled,
  unbilledUsageByCluster,
} from './usage-billing.ts';
