import { useCallback, useSyncExternalStore } from 'react';
import { readStoredTheme, resolveTheme, setTheme, subscribeTheme, type Theme } from './theme-store';

export function useTheme() {
  const theme = useSyncExternalStore(subscribeTheme, readStoredTheme, () => 'system' as Theme);
  const resolvedTheme = resolveTheme(theme);
  // The toggle flips between dark and light (leaving 'system' for an explicit choice).
  const toggleTheme = useCallback(
    () => setTheme(resolveTheme(readStoredTheme()) === 'dark' ? 'light' : 'dark'),
    [],
  );
  return { theme, resolvedTheme, setTheme, toggleTheme };
}
