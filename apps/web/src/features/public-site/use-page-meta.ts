import { useEffect } from 'react';
import { pageMetaFor } from './page-meta';

function setDescription(description: string) {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  tag.content = description;
}

/** Sets document.title and the meta description while the page is shown. */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    document.title = title;
    setDescription(description);
  }, [title, description]);
}

/** usePageMeta with the entry of the shared table, so the browser and the server agree. */
export function useRouteMeta(path: string) {
  const meta = pageMetaFor(path);
  usePageMeta(meta?.title ?? 'Alpenkube', meta?.description ?? '');
}
