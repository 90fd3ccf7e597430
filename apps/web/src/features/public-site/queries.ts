import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf, request } from '@/lib/http';

/** The public site's own queries (the catalog and support have theirs in their features). */
export const publicSiteKeys = {
  demoSlots: (date: string) => [endpoints.publicForms.demoSlots.pattern, date] as const,
  openapi: queryKeyOf(endpoints.platform.openapi),
};

export const publicSiteQueries = {
  /** Free demo slots of a day; through the GET cache of the http client, like every call. */
  demoSlots: (date: string) =>
    queryOptions({
      queryKey: publicSiteKeys.demoSlots(date),
      queryFn: () => request(endpoints.publicForms.demoSlots, { params: [date] }),
    }),
};
