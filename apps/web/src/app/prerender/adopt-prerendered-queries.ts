import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The id of the script element that carries a prerendered page's query cache. */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

/**
 * Starts the query cache from the data the page was rendered with. The server renders again
 * whenever that data changes, so it is as fresh as the page: counted from now, not from the
 * render, or every page load would fetch the catalog again at once.
 */
export function adoptPrerenderedQueries(queryClient: QueryClient) {
  const element = document.getElementById(QUERY_STATE_ELEMENT_ID);
  if (!element?.textContent) return;
  const state = JSON.parse(element.textContent) as DehydratedState;
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
}
