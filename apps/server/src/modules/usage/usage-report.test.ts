import { describe, expect, it } from 'vitest';
import { usageCsv, wholeMonths } from './usage-report.ts';

describe('the whole months of a range of days', () => {
  it('keeps the months the range covers from their first to their last day', () => {
    expect(wholeMonths('2026-03-10', '2026-06-20')).toEqual({ first: '2026-04', last: '2026-05' });
    expect(wholeMonths('2026-03-01', '2026-03-31')).toEqual({ first: '2026-03', last: '2026-03' });
    expect(wholeMonths('2025-11-24', '2026-11-23')).toEqual({ first: '2025-12', last: '2026-10' });
  });

  it('knows February and the turn of the year', () => {
    expect(wholeMonths('2026-02-01', '2026-02-28')).toEqual({ first: '2026-02', last: '2026-02' });
    expect(wholeMonths('2028-02-01', '2028-02-28')).toBeNull();
    expect(wholeMonths('2028-02-01', '2028-02-29')).toEqual({ first: '2028-02', last: '2028-02' });
    expect(wholeMonths('2025-12-01', '2026-01-31')).toEqual({ first: '2025-12', last: '2026-01' });
  });

  it('answers none for a range inside a month or across a turn of month', () => {
    expect(wholeMonths('2026-03-10', '2026-03-11')).toBeNull();
    expect(wholeMonths('2026-03-02', '2026-04-30')).toEqual({ first: '2026-04', last: '2026-04' });
    expect(wholeMonths('2026-03-15', '2026-04-15')).toBeNull();
  });
});

describe('usage as CSV', () => {
  it('writes a header, a line per row, dollars, the tags last, and never a formula', () => {
    const csv = usageCsv(
      {
        from: '2026-03-01',
        to: '2026-03-31',
        groupBy: 'cluster',
        currency: 'USD',
        totalCost: 1234,
        simulatedEgress: true,
        rows: [
          {
            day: null,
            clusterId: 7,
            clusterName: '=cmd',
            metric: 'node_hours',
            quantity: 90,
            billableQuantity: 30.5,
            cost: 1234,
          },
          {
            day: null,
            clusterId: 8,
            clusterName: 'a,"b"',
            metric: 'egress_gb',
            quantity: 0.001,
            billableQuantity: 0.001,
            cost: 0,
          },
        ],
      },
      undefined,
      (row) => (row.clusterId === 7 ? ['env:prod', 'team-web'] : []),
    );
    // The tags column comes last: a sheet that reads the other columns by position still works.
    expect(csv).toBe(
      'day,cluster_id,cluster,metric,resource,unit,quantity,billable_quantity,cost_usd,tags\r\n' +
        ",7,'=cmd,node_hours,Nodes,node-hours,90.000,30.500,12.34,env:prod team-web\r\n" +
        ',8,"a,""b""",egress_gb,Egress,GB,0.001,0.001,0.00,\r\n',
    );
  });
});
