import { Check, Copy, Gift, Tag, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { usePromoAvailable } from '@/lib/promo-standing';
import { PROMO_CODE, PROMO_DISCOUNT_PERCENT } from './promo-rules';
import { usePromoBanner } from './use-promo-banner';

/**
 * The first-purchase offer across the top; once dismissed, a side tab brings it back. Neither
 * shows to a member of an organization that paid an order: the offer is no longer theirs.
 */
export function PromoBanner() {
  const promo = usePromoBanner();
  const available = usePromoAvailable();
  if (!available) return null;
  if (promo.dismissed === null) {
    // Before hydration both are in the HTML; the attribute set before paint shows one.
    return (
      <>
        <PromoTab {...promo} className="hidden promo-dismissed:flex" />
        <PromoBar {...promo} className="promo-dismissed:hidden" />
      </>
    );
  }
  return promo.dismissed ? <PromoTab {...promo} className="flex" /> : <PromoBar {...promo} />;
}

type PromoProps = ReturnType<typeof usePromoBanner> & { className?: string };

function PromoTab({ restore, className }: PromoProps) {
  return (
    <button
      type="button"
      onClick={restore}
      aria-label="Show the discount offer"
      className={cn(
        'fixed top-1/2 right-0 z-40 -translate-y-1/2 items-center gap-1.5 rounded-l-lg bg-primary px-2 py-3 text-xs font-semibold text-primary-foreground shadow-lg transition-transform [writing-mode:vertical-rl] hover:-translate-x-0.5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      <Tag className="size-3.5 rotate-90" aria-hidden="true" />
      {PROMO_DISCOUNT_PERCENT}% off
    </button>
  );
}

function PromoBar({ copied, copyCode, dismiss, className }: PromoProps) {
  return (
    <section
      aria-label="Promotion"
      className={cn(
        'relative bg-gradient-to-r from-blue-700 via-indigo-700 to-violet-700 text-white',
        className,
      )}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-center gap-x-3 gap-y-1 px-10 py-2 text-sm ">
        <Gift className="size-4 shrink-0 max-sm:hidden" aria-hidden="true" />
        <p className="text-center">
          <span className="font-semibold">
            <span className="max-sm:hidden">New here? </span>
            {PROMO_DISCOUNT_PERCENT}% off
          </span>{' '}
          your first purchase<span className="max-sm:hidden"> with code</span>
        </p>
        <button
          type="button"
          onClick={() => void copyCode()}
          aria-label={copied ? 'Copied!' : `Copy promo code ${PROMO_CODE}`}
          className="inline-flex items-center gap-1.5 rounded-md border border-white/40 bg-white/10 px-2 py-0.5 font-mono text-xs font-semibold tracking-wider transition-colors hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          {PROMO_CODE}
          {copied ? (
            <>
              <Check className="size-3.5" aria-hidden="true" />
              <span className="font-sans tracking-normal">Copied!</span>
            </>
          ) : (
            <Copy className="size-3.5" aria-hidden="true" />
          )}
        </button>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss the promotion"
        className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-white/80 hover:bg-white/15 hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
}
