import { Link, useSearchParams } from 'react-router';
import { Network, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { changeFilters, filtersFromSearch, searchOfFilters } from '../cluster-filters';
import { ClusterList } from '../components/cluster-list';
import { PageHeading } from '@/components/page/page-heading';

/** /my-clusters: the organization's clusters, with the filters, sort and page in the URL. */
export function MyClustersPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading
        title="Clusters"
        lead="Every cluster of your organization: its status, where it runs and what it costs."
      >
        <Button asChild variant="outline">
          <Link to={paths.clusterTopologyOverview}>
            <Network aria-hidden="true" />
            Topology
          </Link>
        </Button>
        <Button asChild>
          <Link to={paths.configureCluster}>
            <Plus aria-hidden="true" />
            New cluster
          </Link>
        </Button>
      </PageHeading>
      <ClusterList
        filters={filters}
        onChange={(change, options) =>
          setSearch(searchOfFilters(changeFilters(filters, change)), options)
        }
      />
    </div>
  );
}
