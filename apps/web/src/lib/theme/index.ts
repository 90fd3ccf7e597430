export { useTheme } from './use-theme';
export { ThemeToggle } from './theme-toggle';
export {
  type Theme,
  THEME_STORAGE_KEY,
  DEFAULT_THEME,
  applyTheme,
  readStoredTheme,
  resolveTheme,
  setTheme,
} from './theme-store';
