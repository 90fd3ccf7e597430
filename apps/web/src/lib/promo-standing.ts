import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoStanding } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { useSignedInUser } from '@/lib/session/use-auth';

/**
 * Whether the banner's code is still the organization's, as the server says. Under the orders'
 * path, so a paid order (which uses it) marks it stale with every order query.
 */
export const promoStandingQuery = queryOptions<PromoStanding>({
  queryKey: queryKeyOf(endpoints.orders.promo),
});

/**
 * False once the signed-in person's organization paid an order (with the code or without):
 * the offer is no longer theirs. A visitor, or while the answer is not known, sees the offer.
 */
export function usePromoAvailable(): boolean {
  const user = useSignedInUser();
  const member = user?.status === 'active' && user.organizationStatus === 'active';
  const standing = useQuery({ ...promoStandingQuery, enabled: Boolean(member) });
  return standing.data?.available ?? true;
}
