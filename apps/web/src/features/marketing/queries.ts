import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

/** The marketing pages' own queries (the catalog and support have theirs in their features). */
export const marketingKeys = {
  demoSlots: (date: string) => [endpoints.publicForms.demoSlots.pattern, date] as const,
};

export const marketingQueries = {
  /** Free demo slots of a day; through the GET cache of the http client, like every call. */
  demoSlots: (date: string) =>
    queryOptions({
      queryKey: marketingKeys.demoSlots(date),
      queryFn: () => request(endpoints.publicForms.demoSlots, { params: [date] }),
    }),
};
