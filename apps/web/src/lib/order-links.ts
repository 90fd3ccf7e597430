import type { Order } from '@alpenkube/contract/orders';
import { paths } from '@/config/paths';

/** The list an order of each kind belongs to. */
export const orderListPaths: Record<Order['kind'], string> = {
  cluster: paths.clusterOrders,
  addon: paths.addonOrders,
  product: paths.productOrders,
  support: paths.orders,
  high_availability: paths.orders,
};

/**
 * Where to see what a paid order bought: its cluster (being built, or the one an add-on goes
 * on), its marketplace product, or the billing page for a support plan; null until it exists.
 */
export function orderResultLink(
  order: Pick<Order, 'kind' | 'clusterId' | 'targetClusterId' | 'productInstanceId'>,
): { to: string; label: string } | null {
  switch (order.kind) {
    case 'cluster':
      return order.clusterId === null
        ? null
        : {
            to: `${paths.clusterProvisioning}?cluster=${order.clusterId}`,
            label: 'Watch it being built',
          };
    case 'addon':
    case 'high_availability':
      return order.targetClusterId === null
        ? null
        : { to: paths.cluster(order.targetClusterId), label: 'See the cluster' };
    case 'product':
      return order.productInstanceId === null
        ? null
        : { to: paths.productOrder(order.productInstanceId), label: 'See the product' };
    case 'support':
      return { to: paths.billing, label: 'See your support plan' };
  }
}
