import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingPlans,
  ClusterPage,
  ProductInstance,
  QueuePage,
  QueueQuery,
  Ticket,
  TicketListQuery,
  TicketSummary,
} from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { refreshSupport } from './ticket-push';

const { support } = endpoints;

/** Support's query keys: GET paths first, so the default query fetcher can GET them. */
export const supportKeys = {
  list: (query: TicketListQuery = {}) => queryKeyOf(support.tickets, query),
  ticket: (id: number) => queryKeyOf(support.ticket, id),
  queue: (query: QueueQuery = {}) => queryKeyOf(support.queue, query),
  queueTicket: (id: number) => queryKeyOf(support.queueTicket, id),
};

export const supportQueries = {
  list: (query: TicketListQuery = {}) =>
    queryOptions<TicketSummary[]>({ queryKey: supportKeys.list(query) }),
  ticket: (id: number) => queryOptions<Ticket>({ queryKey: supportKeys.ticket(id) }),
  queue: (query: QueueQuery = {}) =>
    queryOptions<QueuePage>({ queryKey: supportKeys.queue(query) }),
  queueTicket: (id: number) => queryOptions<Ticket>({ queryKey: supportKeys.queueTicket(id) }),
};

export const useTickets = (query: TicketListQuery = {}) => useQuery(supportQueries.list(query));
export const useTicket = (id: number) => useQuery(supportQueries.ticket(id));
export const useQueue = (query: QueueQuery) => useQuery(supportQueries.queue(query));
export const useQueueTicket = (id: number | null) =>
  useQuery({ ...supportQueries.queueTicket(id ?? 0), enabled: id !== null });

/** A mutation answering the ticket: it is written where its page reads it, the rest refetch. */
export function useTicketChange<Args>(
  mutationFn: (args: Args) => Promise<Ticket>,
  options: {
    staff?: boolean;
    onSuccess?: (ticket: Ticket) => void;
    onError?: (e: Error) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Ticket, Error, Args>({
    mutationFn,
    onSuccess: (ticket) => {
      const key = options.staff
        ? supportKeys.queueTicket(ticket.id)
        : supportKeys.ticket(ticket.id);
      queryClient.setQueryData(key, ticket);
      void refreshSupport(queryClient);
      options.onSuccess?.(ticket);
    },
    onError: options.onError,
  });
}

/** The organization's support plan and every plan's targets (the billing API's answer). */
export const usePlans = () =>
  useQuery(queryOptions<BillingPlans>({ queryKey: queryKeyOf(endpoints.billing.plans) }));

/** The organization's clusters, to name one a ticket is about. */
/** The organization's products a ticket may be about (the marketplace's list, from the cache). */
export const useProductChoices = () =>
  useQuery(
    queryOptions<ProductInstance[]>({
      queryKey: queryKeyOf(endpoints.products.list, { limit: 100 }),
      select: (products) => products.filter((product) => product.status !== 'cancelled'),
    }),
  );

export const useClusterChoices = () =>
  useQuery(
    queryOptions<ClusterPage>({
      queryKey: queryKeyOf(endpoints.clusters.list, { limit: 100, sort: 'name' }),
    }),
  );
