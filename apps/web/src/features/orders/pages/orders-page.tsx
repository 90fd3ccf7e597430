import { useSearchParams } from 'react-router';
import { OrdersList } from '../components/orders-list';
import { PageHeading } from '@/components/page/page-heading';
import { filtersFromSearch } from '../order-filters';

/** /orders: every order of the organization, filtered by kind and status in the URL. */
export function OrdersPage() {
  const [search] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading
        title="Orders"
        lead="Everything your organization ordered, newest first. Open an order for its timeline."
      />
      <OrdersList filters={filtersFromSearch(search)} />
    </div>
  );
}
