import { Link } from 'react-router';
import { PageHeading } from '@/components/page/page-heading';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ProductProgress, ProductStatusBadge } from '../components/product-status-badge';
import { useProductPushes, useProducts } from '../queries';

/** /orders/products: the organization's products with their state, live while jobs run. */
export function ProductOrdersPage() {
  useProductPushes();
  const products = useProducts();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading
        title="Product orders"
        lead="The marketplace products your organization ordered, newest first."
      >
        <Button asChild size="sm">
          <Link to={paths.marketplace}>Order a product</Link>
        </Button>
      </PageHeading>
      {products.error ? (
        <QueryError
          title="Your products could not be loaded"
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      ) : !products.data ? (
        <Spinner label="Loading your products…" className="min-h-48" />
      ) : products.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No product yet.{' '}
          <Link to={paths.marketplace} className="underline">
            Browse the marketplace
          </Link>
          .
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-4 py-2 font-medium">Product</th>
                <th className="hidden px-4 py-2 font-medium sm:table-cell">Plan</th>
                <th className="hidden px-4 py-2 font-medium md:table-cell">Region</th>
                <th className="px-4 py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {products.data.map((product) => (
                <tr key={product.id}>
                  <td className="px-4 py-3 font-medium">
                    <Link
                      to={paths.productOrder(product.id)}
                      className="underline-offset-4 hover:underline"
                    >
                      {product.name}
                    </Link>
                  </td>
                  <td className="px-4 py-3">{product.productName}</td>
                  <td className="hidden px-4 py-3 sm:table-cell">{product.planName}</td>
                  <td className="hidden px-4 py-3 md:table-cell">{product.regionLabel}</td>
                  <td className="min-w-40 space-y-1 px-4 py-3">
                    <ProductStatusBadge status={product.status} />
                    <ProductProgress status={product.status} progress={product.progress} compact />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
