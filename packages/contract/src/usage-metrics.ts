/**
 * The metered resources and the limits of a usage query: free of zod, for the web app's usage
 * pages and dashboard (billing.ts, which carries the schemas, re-exports them).
 */

export const usageMetrics = [
  'control_plane_hours',
  'node_hours',
  'addon_hours',
  'storage_gb_hours',
  'egress_gb',
] as const;
export type UsageMetric = (typeof usageMetrics)[number];

export const usageMetricLabels: Record<UsageMetric, { name: string; unit: string }> = {
  control_plane_hours: { name: 'Control plane', unit: 'hours' },
  node_hours: { name: 'Nodes', unit: 'node-hours' },
  addon_hours: { name: 'Add-ons', unit: 'add-on-hours' },
  storage_gb_hours: { name: 'Storage', unit: 'GB-hours' },
  egress_gb: { name: 'Egress', unit: 'GB' },
};

/** At most a year and a day per query. */
export const USAGE_MAX_DAYS = 366;

export const usageGroupings = ['day', 'cluster', 'metric'] as const;
export type UsageGrouping = (typeof usageGroupings)[number];
