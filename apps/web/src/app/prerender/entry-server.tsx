import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import type { PrerenderHandle } from '@/lib/prerender-handle';
import { createQueryClient } from '@/lib/query-client';
import { prerenderedQueries, type PrerenderData } from './prerendered-queries';

export type { PrerenderData };

/** Longer than any page takes (tens of milliseconds), short enough not to hold a request. */
const RENDER_TIMEOUT_MS = 10_000;

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query cache the markup was rendered from, for the browser to start with. */
  queryState: string;
}

/**
 * Renders a public page to HTML with the same routes and components the browser runs, from the
 * data the server already holds (the catalog, the OpenAPI document). Nothing visitor-specific
 * goes in: the page is the same for everyone, and the browser applies the rest after hydration.
 * Answers null for a path that is not a page (a redirect, a 404).
 */
export async function renderPage(
  path: string,
  data: PrerenderData,
): Promise<PrerenderedPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const leaf = context.matches.at(-1);
  if (!leaf || leaf.route.path === '*') return null;

  const queryClient = createQueryClient();
  try {
    for (const [key, value] of prerenderedQueries(data)) {
      queryClient.setQueryData(key as QueryKey, value);
    }
    await Promise.all(
      context.matches.map(({ route, params }) =>
        (route.handle as PrerenderHandle | undefined)?.prerender?.(queryClient, params),
      ),
    );
    const read = recordReadQueries(queryClient);
    const router = createStaticRouter(handler.dataRoutes, context);
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
      // A part that throws would be rendered as its fallback and hydrated as an error: the
      // page is not served prerendered instead. A part that never settles is cut off.
      {
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        onError: (error) => void errors.push(error),
      },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    if (errors.length) throw errors[0];
    const queryState = JSON.stringify(
      dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => read.has(query) && query.state.status === 'success',
      }),
    );
    return { html: Buffer.concat(chunks).toString('utf8'), queryState };
  } finally {
    // Its garbage-collection timers would otherwise hold every page's data for half an hour.
    queryClient.clear();
  }
}

/**
 * The queries the page's components read while rendering: only those go to the browser (the
 * API reference's document is big, and most pages never read it). Every hook reaches its query
 * through the cache's `build`.
 */
function recordReadQueries(queryClient: QueryClient): Set<Query> {
  const read = new Set<Query>();
  const cache = queryClient.getQueryCache();
  const build = cache.build.bind(cache);
  cache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args);
    read.add(query as unknown as Query);
    return query;
  }) as typeof cache.build;
  return read;
}
