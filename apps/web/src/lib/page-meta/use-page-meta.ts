import { useEffect } from 'react';

// The built index.html's own title (apps/web/index.html). The server replaces it with the
// page's title for every public path, so a different title means the server already did it.
const INDEX_TITLE = 'Alpenkube · Managed Kubernetes';
let firstPageFilledByServer = typeof document !== 'undefined' && document.title !== INDEX_TITLE;

function applyPageMeta(title: string, description: string) {
  document.title = title;
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  tag.content = description;
}

/**
 * Keeps document.title and the meta description those of the shared table's entry for `path`
 * (or `notFoundTitle` when the table has none), so the browser and the server agree. The table
 * is loaded only on client-side navigation: the first page's HTML came from the server with its
 * meta already in place, and the home page stays light.
 */
export function useRouteMeta(path: string, notFoundTitle = 'Alpenkube') {
  useEffect(() => {
    if (firstPageFilledByServer) {
      firstPageFilledByServer = false;
      return;
    }
    let current = true;
    void import('./page-meta').then(({ pageMetaFor }) => {
      if (!current) return;
      const meta = pageMetaFor(path);
      applyPageMeta(meta?.title ?? notFoundTitle, meta?.description ?? '');
    });
    return () => {
      current = false;
    };
  }, [path, notFoundTitle]);
}
