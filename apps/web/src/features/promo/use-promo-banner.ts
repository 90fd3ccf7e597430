import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { toast } from '@/components/ui/use-toast';
import { useOnBrowserStorageCleared } from '@/lib/browser-storage';
import {
  COPIED_INDICATOR_MS,
  COPIED_TOAST_MS,
  PROMO_CODE,
  RESTORED_TOAST_MS,
  copyText,
  readPromoDismissed,
  writePromoDismissed,
} from './promo-rules';

export function usePromoBanner() {
  // Unknown (null) while hydrating prerendered HTML: storage is read once the page is live, and
  // until then the HTML shows banner or tab by the attribute the page's first script set.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(() => (hydrated ? readPromoDismissed() : null));
  useEffect(() => setDismissed(readPromoDismissed()), []);
  const [copied, setCopied] = useState(false);
  // The dismissal lives in session storage; when sign-out clears it, the banner returns.
  useOnBrowserStorageCleared(useCallback(() => setDismissed(readPromoDismissed()), []));
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (copiedTimer.current) clearTimeout(copiedTimer.current);
    },
    [],
  );

  const copyCode = useCallback(async () => {
    try {
      await copyText(PROMO_CODE);
    } catch {
      toast({
        title: 'Copy failed',
        description: `Select the code ${PROMO_CODE} and copy it by hand.`,
        variant: 'warning',
      });
      return;
    }
    setCopied(true);
    if (copiedTimer.current) clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    toast({
      title: 'Promo code copied',
      description: `${PROMO_CODE} is on your clipboard. Apply it at checkout.`,
      variant: 'success',
      duration: COPIED_TOAST_MS,
    });
  }, []);

  const dismiss = useCallback(() => {
    writePromoDismissed(true);
    setDismissed(true);
  }, []);

  const restore = useCallback(() => {
    writePromoDismissed(false);
    setDismissed(false);
    toast({
      title: 'Discount bar restored',
      description: 'Your 5% first-purchase offer is back at the top of the page.',
      variant: 'info',
      duration: RESTORED_TOAST_MS,
    });
  }, []);

  return { dismissed, copied, copyCode, dismiss, restore };
}
