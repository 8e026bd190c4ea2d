export type Theme = 'light' | 'dark';

/** The stored theme preference, `light` or `dark` (light when absent): docs/behaviour/site-wide.md#theme. */
export const THEME_STORAGE_KEY = 'theme';

export function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    // Storage can be blocked (privacy settings): fall back to the default.
    return 'light';
  }
}

export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted, but the page still switches.
  }
}

/** The `dark` class on <html> switches the tokens of theme.css; color-scheme follows for form controls. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
