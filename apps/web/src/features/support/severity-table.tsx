import { DataTable, type DataTableColumn } from '@/components/ui/data-table';

/** First-answer targets by severity; the same figures as the support tutorial. */
const rows = [
  {
    severity: 'Urgent',
    when: 'Production is down or data is at risk',
    answer: '1 hour, 24/7 (not on Basic)',
  },
  { severity: 'High', when: 'Production is degraded, no workaround', answer: '4 business hours' },
  {
    severity: 'Normal',
    when: 'A question, or a problem with a workaround',
    answer: '1 business day',
  },
  { severity: 'Low', when: 'Feedback and feature requests', answer: '3 business days' },
];

type Row = (typeof rows)[number];

const columns: DataTableColumn<Row>[] = [
  { id: 'severity', header: 'Severity', rowHeader: true, cell: (r) => r.severity },
  {
    id: 'when',
    header: 'Use it when',
    cellClassName: 'text-muted-foreground',
    cell: (r) => r.when,
  },
  { id: 'answer', header: 'First answer within', cell: (r) => r.answer },
];

export function SeverityTable() {
  return (
    <DataTable
      caption="First answer time by severity"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.severity}
    />
  );
}
