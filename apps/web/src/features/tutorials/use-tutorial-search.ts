import { useEffect, useMemo, useState } from 'react';
import { tutorials } from '@/lib/tutorial-index';
import { loadAllArticles } from './load-article';
import { searchTutorials } from './search';

/**
 * Search state for the tutorial list. Titles and summaries are searched at once; the
 * bodies are fetched the first time someone types, then body matches join in.
 */
export function useTutorialSearch(initialQuery = '') {
  const [query, setQuery] = useState(initialQuery);
  const [bodies, setBodies] = useState<Record<string, string> | null>(null);
  const wantsBodies = query.trim() !== '';

  useEffect(() => {
    if (!wantsBodies || bodies) return;
    let cancelled = false;
    loadAllArticles()
      .then((loaded) => {
        if (!cancelled) setBodies(loaded);
      })
      .catch(() => {
        // Without bodies the search still covers titles and summaries.
      });
    return () => {
      cancelled = true;
    };
  }, [wantsBodies, bodies]);

  const hits = useMemo(() => searchTutorials(query, tutorials, bodies ?? {}), [query, bodies]);
  return { query, setQuery, hits, searchingBodies: wantsBodies && !bodies };
}
