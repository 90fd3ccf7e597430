import type { OrderKind, OrderListQuery, OrderStatus } from '@alpenkube/contract';
import { paths } from '@/config/paths';
import { orderKindLabels, orderStatusDisplay } from './order-status';

/**
 * The kind tabs of the order list: All, then every kind. The sidebar's Orders links name
 * other lists "Products" (the products themselves) and "Support" (the tickets): the tabs of
 * the orders of marketplace products and of support plans have names of their own.
 */
export const kindTabs: { kind: OrderKind | undefined; label: string }[] = [
  { kind: undefined, label: 'All' },
  { kind: 'cluster', label: 'Clusters' },
  { kind: 'addon', label: 'Add-ons' },
  { kind: 'product', label: 'Marketplace' },
  { kind: 'support', label: 'Support plans' },
];

const isKind = (value: string | null): value is OrderKind =>
  value !== null && value in orderKindLabels;
const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && value in orderStatusDisplay;

/**
 * The list's filters from the page's URL: `?kind=` and `?status=` on /orders, the status alone
 * on /orders/clusters, whose kind is fixed. An unknown value is no filter, not an error.
 */
export function filtersFromSearch(search: URLSearchParams, fixedKind?: OrderKind): OrderListQuery {
  const kind = fixedKind ?? search.get('kind');
  const status = search.get('status');
  return {
    ...(isKind(kind) ? { kind } : {}),
    ...(isStatus(status) ? { status } : {}),
  };
}

/** The kinds with a page of their own; the others are a query of /orders. */
const kindPages: Partial<Record<OrderKind, string>> = {
  cluster: paths.clusterOrders,
  addon: paths.addonOrders,
};

/** Where a filter choice leads: clusters and add-ons have a page of their own, the other kinds a query. */
export function ordersHref({ kind, status }: OrderListQuery): string {
  const search = new URLSearchParams();
  const page = kind ? kindPages[kind] : undefined;
  if (kind && !page) search.set('kind', kind);
  if (status) search.set('status', status);
  const base = page ?? paths.orders;
  return search.size ? `${base}?${search}` : base;
}
