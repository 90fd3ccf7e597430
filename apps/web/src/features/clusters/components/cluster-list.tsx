import { Link } from 'react-router';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isFiltered, type ClusterFilters as Filters } from '../cluster-filters';
import { useClusterList } from '../queries';
import { ClusterCards } from './cluster-cards';
import { ClusterFilters } from './cluster-filters';
import { ClusterPagination } from './cluster-pagination';
import { ClustersTable } from './clusters-table';
import { NoClustersYet } from './no-clusters-yet';
import { SimulatedNotice } from './simulated-notice';

type OnChange = (change: Partial<Filters>, options?: { replace?: boolean }) => void;

/** The organization's clusters, filtered, sorted and a page at a time, as the URL asks. */
export function ClusterList({ filters, onChange }: { filters: Filters; onChange: OnChange }) {
  const list = useClusterList(filters);
  const page = list.data;
  const filtered = isFiltered(filters);

  if (list.error && !page) {
    return (
      <QueryError
        title="The clusters could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (!page) return <Spinner label="Loading the clusters…" className="min-h-[30dvh]" />;
  // Nothing at all (not merely nothing on a page past the end): the way to a first cluster.
  if (page.total === 0 && !filtered) return <NoClustersYet />;

  const empty =
    page.items.length === 0 ? (
      <p className="rounded-xl border border-dashed bg-card px-4 py-8 text-center text-sm">
        No clusters match these filters.{' '}
        <Link to={paths.myClusters} className="font-medium text-primary hover:underline">
          Show all clusters
        </Link>
      </p>
    ) : null;

  return (
    <div className="space-y-4">
      {page.items.some((cluster) => cluster.provider.simulated) ? (
        <SimulatedNotice mixed={page.items.some((cluster) => !cluster.provider.simulated)} />
      ) : null}
      <ClusterFilters filters={filters} onChange={onChange} />
      {empty ?? (
        <div aria-busy={list.isPlaceholderData} className="space-y-3">
          <div className="hidden md:block">
            <ClustersTable clusters={page.items} />
          </div>
          <div className="md:hidden">
            <ClusterCards clusters={page.items} />
          </div>
        </div>
      )}
      <ClusterPagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        onPage={(next) => onChange({ page: next })}
      />
      {list.error ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {list.error.message}
        </p>
      ) : null}
    </div>
  );
}
