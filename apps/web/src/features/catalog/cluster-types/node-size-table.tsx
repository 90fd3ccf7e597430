import type { Tier } from '@alpenkube/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';

type NodeSize = Tier['nodeSizes'][number];

const columns: DataTableColumn<NodeSize>[] = [
  { id: 'size', header: 'Size', rowHeader: true, cell: (size) => size.name },
  {
    id: 'vcpu',
    header: 'vCPU',
    align: 'right',
    cellClassName: 'tabular-nums',
    cell: (size) => size.vcpu,
  },
  {
    id: 'memory',
    header: 'Memory',
    align: 'right',
    cellClassName: 'tabular-nums',
    cell: (size) => `${size.memoryGb} GB`,
  },
  {
    id: 'disk',
    header: 'Disk',
    align: 'right',
    cellClassName: 'tabular-nums',
    cell: (size) => `${size.diskGb} GB`,
  },
];

export function NodeSizeTable({ sizes }: { sizes: Tier['nodeSizes'] }) {
  return (
    <DataTable caption="Node sizes" columns={columns} rows={sizes} rowKey={(size) => size.name} />
  );
}
