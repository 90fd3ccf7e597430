import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  MarketplaceProduct,
  ProductDetail,
  ProductInstance,
  ProductPushMessage,
} from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { isUnder, queryKeyOf } from '@/lib/http';
import { refreshOrders } from '@/lib/order-cache';
import { usePushHandler, type PushHandler } from '@/lib/realtime/socket';
import { cancelProduct, changePlan, orderProduct, revealSecret, rotateSecret } from './requests';

const { products } = endpoints;
const productsPath = products.list.path();

/** The marketplace's query keys: GET paths first, so the default query fetcher can GET them. */
export const productKeys = {
  catalog: queryKeyOf(products.catalog),
  list: queryKeyOf(products.list, { limit: 100 }),
  detail: (id: number) => queryKeyOf(products.get, id),
  /** What the product's job did last, as pushed; kept beside the product, never fetched. */
  step: (id: number) => ['product-step', id] as const,
};

export const productQueries = {
  catalog: () =>
    queryOptions<MarketplaceProduct[]>({ queryKey: productKeys.catalog, staleTime: 3_600_000 }),
  list: () => queryOptions<ProductInstance[]>({ queryKey: productKeys.list }),
  detail: (id: number) => queryOptions<ProductDetail>({ queryKey: productKeys.detail(id) }),
};

export const useCatalog = () => useQuery(productQueries.catalog());
export const useProducts = () => useQuery(productQueries.list());
export const useProduct = (id: number) => useQuery(productQueries.detail(id));
/** The last step the product's job pushed while this page was open; null before the first. */
export const useProductStep = (id: number) =>
  useQuery<string | null>({ queryKey: productKeys.step(id), queryFn: skipToken }).data ?? null;

/** Every view of the organization's products (the list and each page) fetches again. */
const refreshProducts = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({
    predicate: (query) =>
      isUnder(query.queryKey, productsPath) && query.queryKey[0] !== productKeys.catalog[0],
  });

/**
 * A product's job moved on or its status changed: its progress shows at once, then the
 * product views fetch what else changed (connection details once active, the plan).
 */
export const handleProductPush: PushHandler<'product'> = (message: ProductPushMessage, context) => {
  context.queryClient.setQueryData<ProductDetail>(productKeys.detail(message.productId), (old) =>
    old ? { ...old, status: message.status, progress: message.progress } : old,
  );
  if (message.step)
    context.queryClient.setQueryData(productKeys.step(message.productId), message.step);
  void refreshProducts(context.queryClient);
};

/** The product pages register it while they are open: no other page shows products. */
export function useProductPushes() {
  usePushHandler('product', handleProductPush);
}

function useProductMutation<Args, Result>(mutationFn: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation<Result, Error, Args>({
    mutationFn,
    onSettled: () => {
      void refreshProducts(queryClient);
      void refreshOrders(queryClient);
    },
  });
}

export const useOrderProduct = () =>
  useProductMutation(({ body, key }: { body: Parameters<typeof orderProduct>[0]; key: string }) =>
    orderProduct(body, key),
  );
/** A first reveal marks the secret shown: the page then offers the password reveal. */
export function useRevealSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revealSecret,
    onSuccess: () => void refreshProducts(queryClient),
  });
}
export const useRotateSecret = () => useProductMutation(rotateSecret);
export const useChangeProductPlan = () => useProductMutation(changePlan);
export const useCancelProduct = () => useProductMutation(cancelProduct);
