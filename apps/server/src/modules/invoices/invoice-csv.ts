import type { UsageMetric } from '@alpenkube/contract';
import { csvField } from '../../lib/csv.ts';

export interface UsageCsvRow {
  hour: Date;
  clusterId: number;
  clusterName: string;
  metric: UsageMetric;
  /** What the row bills, by name: "persistent volumes data (100 GB)". */
  resource: string;
  quantityMilli: number;
  billableMilli: number;
  costMillicents: number;
}

const milli = (value: number) => (value / 1000).toFixed(3);
/** Millicents as US dollars, to the millicent: 123456 millicents is 1.23456. */
const usd = (millicents: number) => {
  const sign = millicents < 0 ? '-' : '';
  const abs = Math.abs(millicents);
  return `${sign}${Math.floor(abs / 100_000)}.${String(abs % 100_000).padStart(5, '0')}`;
};

export const USAGE_CSV_HEADER =
  'hour,cluster_id,cluster,metric,resource,quantity,billable,cost_usd';

/** Records as CSV lines, each ending with CRLF (a batch of the file, without its header). */
export function usageCsvLines(rows: readonly UsageCsvRow[]): string {
  let lines = '';
  for (const row of rows) {
    lines += `${[
      row.hour.toISOString(),
      String(row.clusterId),
      csvField(row.clusterName),
      row.metric,
      csvField(row.resource),
      milli(row.quantityMilli),
      milli(row.billableMilli),
      usd(row.costMillicents),
    ].join(',')}\r\n`;
  }
  return lines;
}
