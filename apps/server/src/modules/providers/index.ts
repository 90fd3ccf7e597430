/** The provider drivers: one interface, a driver per provider of the catalog. */
export {
  ProviderError,
  type BackupOutcome,
  type DriverBackup,
  type DriverCluster,
  type DriverMetrics,
  type DriverMetricsNode,
  type DriverMetricsRequest,
  type DriverNodePool,
  type DriverStep,
  type DriverUsage,
  type DriverVpc,
  type ObservedResources,
  type ProviderDriver,
  type StepEffect,
} from './provider-driver.ts';
export { createProviderRegistry, type ProviderRegistry } from './provider-registry.ts';
export { shortId } from './provider-plans.ts';
export { zoneOf } from './simulated-driver.ts';
