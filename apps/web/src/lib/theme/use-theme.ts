import { useCallback, useSyncExternalStore } from 'react';
import { readStoredTheme, resolveTheme, setTheme, subscribeTheme, type Theme } from './theme-store';

export function useTheme() {
  const theme = useSyncExternalStore(subscribeTheme, readStoredTheme, () => 'system' as Theme);
  // The prerender cannot know the visitor's theme; hydration starts from its 'light' and the
  // real one follows at once (the page's colours were right from the first paint anyway).
  const resolvedTheme = useSyncExternalStore(
    subscribeTheme,
    () => resolveTheme(readStoredTheme()),
    () => 'light' as const,
  );
  // The toggle flips between dark and light (leaving 'system' for an explicit choice).
  const toggleTheme = useCallback(
    () => setTheme(resolveTheme(readStoredTheme()) === 'dark' ? 'light' : 'dark'),
    [],
  );
  return { theme, resolvedTheme, setTheme, toggleTheme };
}
