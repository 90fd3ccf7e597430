import type { MarketplaceProduct } from '@alpenkube/contract';

/**
 * What ordering a product does in this release, next to what the product is: the description is
 * the service a product driver would run, and none runs yet.
 */
export function SimulatedNote({ product }: { product: Pick<MarketplaceProduct, 'vendor'> }) {
  return (
    <p className="rounded-md border border-dashed px-3 py-2 text-xs text-muted-foreground">
      <span className="font-medium text-foreground">Simulated in this release:</span> an order gives
      you an endpoint, a user, a secret and usage figures, but no {product.vendor} runs behind them.
    </p>
  );
}
