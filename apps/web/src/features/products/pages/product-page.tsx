import { Link, useParams } from 'react-router';
import { PageHeading } from '@/components/page/page-heading';
import { QueryError } from '@/components/page/query-state';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { parseRowId } from '@/lib/row-id';
import { CancelProductDialog } from '../components/cancel-product-dialog';
import { ChangeProductPlanDialog } from '../components/change-product-plan-dialog';
import { ConnectionDetails } from '../components/connection-details';
import { ProductOverview } from '../components/product-overview';
import { ProductUsage } from '../components/product-usage';
import { useProduct, useProductPushes } from '../queries';

/** /orders/products/:id: one product's state, plan, connection details and usage, live. */
export function ProductPage() {
  const id = parseRowId(useParams().id ?? '') ?? 0;
  useProductPushes();
  const product = useProduct(id);

  if (product.error) {
    return (
      <div className="mx-auto w-full max-w-4xl space-y-6">
        <QueryError
          title="This product could not be loaded"
          error={product.error}
          onRetry={() => void product.refetch()}
        />
        <Link to={paths.productOrders} className="text-sm underline">
          All product orders
        </Link>
      </div>
    );
  }
  if (!product.data) return <Spinner label="Loading the product…" className="min-h-64" />;
  const data = product.data;
  const active = data.status === 'active';

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <PageHeading
        title={data.name}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            {data.productName} · {data.regionLabel}
            <Badge variant="outline">Simulated provisioning</Badge>
          </span>
        }
      >
        {active ? <ChangeProductPlanDialog product={data} /> : null}
        {active ? <CancelProductDialog product={data} /> : null}
      </PageHeading>
      <ProductOverview product={data} />
      <ConnectionDetails product={data} />
      <ProductUsage product={data} />
    </div>
  );
}
