import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { useMoney } from '@/components/pricing/use-money';
import type { TierOverview } from '../tier-overview';
import { ConfigureTierLink } from './configure-tier-link';
import { tierFacts, type TierFact } from './tier-facts';
import { TierName } from './tier-swatch';

type Row = TierFact | 'configure';

/** The tiers side by side, a column each and a row per fact: the wide screen's comparison. */
export function TierComparisonTable({ tiers }: { tiers: TierOverview[] }) {
  const { money } = useMoney();
  const columns: DataTableColumn<Row>[] = [
    {
      id: 'fact',
      header: <span className="sr-only">Tier</span>,
      rowHeader: true,
      className: 'w-36 align-top',
      cell: (row) => (row === 'configure' ? <span className="sr-only">Configure</span> : row.label),
    },
    ...tiers.map((overview): DataTableColumn<Row> => ({
      id: overview.tier.slug,
      header: <TierName tier={overview.tier} />,
      className: 'align-top',
      cell: (row) =>
        row === 'configure' ? (
          <ConfigureTierLink overview={overview} />
        ) : (
          row.value(overview, money)
        ),
    })),
  ];
  return (
    <DataTable
      caption="The cluster tiers compared"
      columns={columns}
      rows={[...tierFacts, 'configure']}
      rowKey={(row) => (row === 'configure' ? row : row.id)}
      header="strong"
      className="bg-card"
      tableProps={{ className: 'table-fixed' }}
    />
  );
}
