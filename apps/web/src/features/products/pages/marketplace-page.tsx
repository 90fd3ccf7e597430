import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { productCategories } from '@alpenkube/contract/product-categories';
import { PageHeading } from '@/components/page/page-heading';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrency } from '@/lib/currency';
import { useAccess } from '@/lib/session/use-can';
import { ProductCard } from '../components/product-card';
import { matchesSearch } from '../product-status';
import { useCatalog } from '../queries';

/** /marketplace: the products to order, searched and filtered by category. */
export function MarketplacePage() {
  const catalog = useCatalog();
  // A billing or read-only member browses the offer; ordering is for roles that change orders.
  const { refusal } = useAccess('member', 'orders:write');
  const { billingCycle } = useCurrency();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const query = useDeferredValue(search);
  const shown = (catalog.data ?? []).filter(
    (product) => (!category || product.category === category) && matchesSearch(product, query),
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading
        title="Marketplace"
        lead="Managed software beside your clusters, run in EU regions at a flat price per plan. Provisioning is simulated in this release."
      >
        <Button asChild variant="outline" size="sm">
          <Link to={paths.productOrders}>Your products</Link>
        </Button>
      </PageHeading>
      {refusal ? (
        <p role="note" className="rounded-xl border p-4 text-sm text-muted-foreground">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          type="search"
          aria-label="Search the marketplace"
          placeholder="Search: PostgreSQL, Kafka, S3…"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="sm:max-w-sm"
        />
        <NativeSelect
          aria-label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className="sm:w-56"
        >
          <option value="">Every category</option>
          {productCategories.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      </div>
      {catalog.error ? (
        <QueryError
          title="The marketplace could not be loaded"
          error={catalog.error}
          onRetry={() => void catalog.refetch()}
        />
      ) : !catalog.data ? (
        <Spinner label="Loading the marketplace…" className="min-h-48" />
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No product matches this search.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((product) => (
            <ProductCard
              key={product.slug}
              product={product}
              cycle={billingCycle}
              orderable={!refusal}
            />
          ))}
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        Prices are set in US dollars and shown in your display currency; you pay in US dollars.
      </p>
    </div>
  );
}
