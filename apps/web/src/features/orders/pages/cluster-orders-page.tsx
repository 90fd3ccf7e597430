import { useSearchParams } from 'react-router';
import { OrdersList } from '../components/orders-list';
import { PageHeading } from '@/components/page/page-heading';
import { filtersFromSearch } from '../order-filters';

/** /orders/clusters: the order list with its kind fixed to clusters. */
export function ClusterOrdersPage() {
  const [search] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading
        title="Cluster orders"
        lead="The clusters your organization ordered, newest first. Open an order for its timeline."
      />
      <OrdersList filters={filtersFromSearch(search, 'cluster')} />
    </div>
  );
}
