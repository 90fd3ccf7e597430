import { useSearchParams } from 'react-router';
import { OrdersList } from '../components/orders-list';
import { PageHeading } from '@/components/page/page-heading';
import { filtersFromSearch } from '../order-filters';

/** /orders/addons: the order list with its kind fixed to add-ons (each names its cluster). */
export function AddonOrdersPage() {
  const [search] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading
        title="Add-on orders"
        lead="The add-ons your organization ordered for its clusters, newest first. Open an order for its timeline."
      />
      <OrdersList filters={filtersFromSearch(search, 'addon')} />
    </div>
  );
}
