export { PROMO_CODE, PROMO_DISCOUNT_PERCENT } from '@alpenkube/contract/promo';
export const COPIED_INDICATOR_MS = 2000;
export const COPIED_TOAST_MS = 3000;
export const RESTORED_TOAST_MS = 2500;
/** Dismissal lasts the browser session only. */
export const PROMO_DISMISSED_KEY = 'promoBannerDismissed';

export function readPromoDismissed() {
  try {
    return sessionStorage.getItem(PROMO_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writePromoDismissed(dismissed: boolean) {
  try {
    if (dismissed) sessionStorage.setItem(PROMO_DISMISSED_KEY, 'true');
    else sessionStorage.removeItem(PROMO_DISMISSED_KEY);
  } catch {
    // Without session storage the choice lasts until the page reloads.
  }
}

/** Clipboard API first; the hidden-textarea fallback covers insecure origins and old browsers. */
export async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Fall through to the legacy path (e.g. permission refused).
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}
