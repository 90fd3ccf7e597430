/**
 * Usage: hourly usage records metered from the clusters' history, usage reports, month-to-date
 * spend and budget alerts.
 */
export { createUsageService, METERING_EVERY_MS, type UsageService } from './usage-service.ts';
export { monthOf } from './month-to-date.ts';
export { HOUR_MS, hourStart } from './usage-hours.ts';
export type { BillingReads } from './billing-reads.ts';
export { meteredCostPrepaidBy } from './usage-meter.ts';
export { clustersDueForMetering } from './due-clusters.ts';
export {
  billedUsagePage,
  firstUnbilledUsageAt,
  markUsageBilled,
  unbilledUsageByCluster,
} from './usage-billing.ts';
