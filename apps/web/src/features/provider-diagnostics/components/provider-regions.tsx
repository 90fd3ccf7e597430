import type { ProviderHealth } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';

type RegionRow = ProviderHealth['regions'][number];

const columns: DataTableColumn<RegionRow>[] = [
  {
    id: 'code',
    header: 'Region',
    rowHeader: true,
    cell: (region) => <span className="font-mono text-xs whitespace-nowrap">{region.code}</span>,
  },
  { id: 'city', header: 'City', cell: (region) => `${region.city}, ${region.country}` },
  {
    id: 'jurisdiction',
    header: 'Jurisdiction',
    cell: (region) => (region.jurisdiction === 'eu' ? 'EU' : 'Outside the EU'),
    className: 'hidden sm:table-cell',
  },
  {
    id: 'available',
    header: 'Capacity',
    align: 'right',
    cell: (region) =>
      region.available ? (
        <Badge variant="success">Available</Badge>
      ) : (
        <Badge variant="destructive">No capacity</Badge>
      ),
  },
];

/** The provider's regions as its driver sees them now: where a cluster can be created. */
export function ProviderRegions({ regions }: { regions: RegionRow[] }) {
  const unavailable = regions.filter((region) => !region.available).length;
  return (
    <section aria-labelledby="provider-regions" className="space-y-3">
      <div className="space-y-1">
        <h2 id="provider-regions" className="font-semibold tracking-tight">
          Regions
        </h2>
        <p className="text-sm text-muted-foreground">
          {regions.length} {regions.length === 1 ? 'region' : 'regions'}
          {unavailable ? `, ${unavailable} without capacity now` : ', all with capacity now'}.
        </p>
      </div>
      <DataTable
        caption="Regions and their capacity"
        columns={columns}
        rows={regions}
        rowKey={(region) => region.code}
        rowProps={(region) => ({ 'data-testid': 'provider-region', 'data-region': region.code })}
        className="bg-card"
      />
    </section>
  );
}
