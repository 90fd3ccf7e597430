/** The stored theme is 'light', 'dark' or 'system' (the default), under 'theme'. */
export type Theme = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'system';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function systemPrefersDark() {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return theme;
}

/** Mirrors the inline script of index.html, which applies the same rule before first paint. */
export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', resolveTheme(theme) === 'dark');
  document.documentElement.style.colorScheme = resolveTheme(theme);
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private browsing may refuse storage; the theme still applies for this page.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function subscribeTheme(listener: () => void) {
  listeners.add(listener);
  // A 'system' theme follows the operating system while the page is open.
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (readStoredTheme() === 'system') applyTheme('system');
    listener();
  };
  media?.addEventListener('change', onSystemChange);
  // Another tab changing the theme updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) {
      applyTheme(readStoredTheme());
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
