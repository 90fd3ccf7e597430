import { describe, expect, it } from 'vitest';
import { USAGE_CSV_HEADER, usageCsvLines, type UsageCsvRow } from './invoice-csv.ts';

/** The file as the store holds it: the header, then the lines. */
const usageCsv = (rows: UsageCsvRow[]) => `${USAGE_CSV_HEADER}\r\n${usageCsvLines(rows)}`;

describe('usage CSV', () => {
  it('writes one row per record with quantities to the thousandth and costs in dollars', () => {
    const csv = usageCsv([
      {
        hour: new Date('2026-03-01T00:00:00Z'),
        clusterId: 3,
        clusterName: 'web',
        metric: 'node_hours',
        resource: 'Nodes of pool general',
        quantityMilli: 5000,
        billableMilli: 2000,
        costMillicents: 123_456,
      },
      {
        hour: new Date('2026-03-01T01:00:00Z'),
        clusterId: 3,
        clusterName: 'web',
        metric: 'egress_gb',
        resource: 'Egress through load balancers web (203.0.113.10), simulated traffic',
        quantityMilli: 1,
        billableMilli: 1,
        costMillicents: 7,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'hour,cluster_id,cluster,metric,resource,quantity,billable,cost_usd',
      '2026-03-01T00:00:00.000Z,3,web,node_hours,Nodes of pool general,5.000,2.000,1.23456',
      '2026-03-01T01:00:00.000Z,3,web,egress_gb,"Egress through load balancers web (203.0.113.10), simulated traffic",0.001,0.001,0.00007',
      '',
    ]);
  });
});
