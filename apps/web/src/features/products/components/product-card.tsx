import type { MarketplaceProduct } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useMoney } from '@/components/pricing/use-money';
import { OrderProductDialog } from './order-product-dialog';

/**
 * One offer of the catalog: what it is, its plans with their prices, and ordering it for a
 * member whose role may order (`orderable`; the page says why the others cannot).
 */
export function ProductCard({
  product,
  cycle,
  orderable,
}: {
  product: MarketplaceProduct;
  cycle: 'monthly' | 'yearly';
  orderable: boolean;
}) {
  const { money } = useMoney();
  return (
    <Card className="flex flex-col" data-testid={`product-${product.slug}`}>
      <CardHeader className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{product.category}</Badge>
          <span className="text-xs text-muted-foreground">{product.vendor}</span>
          <Badge variant="outline">Simulated</Badge>
        </div>
        <CardTitle className="text-lg">{product.name}</CardTitle>
        <p className="text-sm text-muted-foreground">{product.summary}</p>
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        <ul className="divide-y rounded-md border text-sm">
          {product.plans.map((plan) => (
            <li key={plan.slug} className="flex items-start justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <span className="font-medium">{plan.name}</span>
                <span className="block text-xs text-muted-foreground">{plan.size}</span>
              </span>
              <span className="shrink-0 text-right font-medium tabular-nums">
                {money(cycle === 'yearly' ? plan.priceYearly : plan.priceMonthly)}
                <span className="block text-xs font-normal text-muted-foreground">
                  {cycle === 'yearly' ? 'a year' : 'a month'}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">
          {product.regions.length} region{product.regions.length === 1 ? '' : 's'},{' '}
          {product.regions.filter((region) => region.eu).length} in the EU
        </p>
      </CardContent>
      {orderable ? (
        <CardFooter>
          <OrderProductDialog product={product} cycle={cycle} />
        </CardFooter>
      ) : null}
    </Card>
  );
}
