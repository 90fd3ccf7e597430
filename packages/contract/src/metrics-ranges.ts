/*
 * The metrics card's ranges, without zod: the cluster page imports them (as
 * `@alpenkube/contract/metrics-ranges`) and must not load the contract's schemas for them.
 */

/** The time ranges the metrics card offers. */
export const metricsRanges = ['1h', '24h', '7d'] as const;
export type MetricsRange = (typeof metricsRanges)[number];

/**
 * Each range's length and step: at most a few hundred points a series (60 a minute apart, 288
 * five minutes apart, 168 an hour apart), which a chart draws legibly and a page loads fast. A
 * week at 30 minutes (336 points) drew no better on a card a few hundred pixels wide and made a
 * 50-node cluster's answer twice as large (docs/performance.md).
 */
export const metricsRangeSteps: Record<MetricsRange, { seconds: number; stepSeconds: number }> = {
  '1h': { seconds: 3_600, stepSeconds: 60 },
  '24h': { seconds: 86_400, stepSeconds: 300 },
  '7d': { seconds: 604_800, stepSeconds: 3_600 },
};
