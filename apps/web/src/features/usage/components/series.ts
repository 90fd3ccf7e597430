import { usageMetricLabels, type UsageMetric } from '@alpenkube/contract/usage-metrics';
import type { ChartSeries } from './chart/chart-parts';

/** Each metric's colour: one of the chart palette's CSS variables (chart/usage-charts.css). */
const metricColors: Record<UsageMetric, string> = {
  control_plane_hours: 'var(--chart-1)',
  node_hours: 'var(--chart-2)',
  addon_hours: 'var(--chart-3)',
  storage_gb_hours: 'var(--chart-4)',
  egress_gb: 'var(--chart-5)',
};

/** The chart series of these metrics, named as the contract names them. */
export const metricSeries = (metrics: readonly UsageMetric[]): ChartSeries<UsageMetric>[] =>
  metrics.map((metric) => ({
    key: metric,
    label: usageMetricLabels[metric].name,
    color: metricColors[metric],
  }));
