import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/**
 * A route's handle may name what its page needs in the query cache beyond the catalog: the
 * prerender fills it before rendering, so the page's main content is in the HTML (and the
 * browser, starting from the same cache, renders the same markup).
 */
export interface PrerenderHandle {
  prerender?: (queryClient: QueryClient, params: Params) => Promise<unknown>;
}
