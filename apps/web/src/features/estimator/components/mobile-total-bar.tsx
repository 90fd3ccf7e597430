import type { Quote } from '@alpenkube/contract/pricing';
import { useMoney } from '@/components/pricing/use-money';

/**
 * On a narrow screen the price panel sits under the long form: this bar keeps the total in
 * sight while editing and leads to the breakdown. It leaves the bottom-right corner to the
 * floating menu button.
 */
export function MobileTotalBar({ quote, panelId }: { quote: Quote | null; panelId: string }) {
  const { money } = useMoney();
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 py-3 pr-24 pl-4 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden">
      <a
        href={`#${panelId}`}
        className="flex items-baseline gap-2 outline-none focus-visible:underline"
      >
        {quote ? (
          <>
            <span className="text-lg font-bold tabular-nums" data-testid="mobile-total">
              {money(quote.total)}
            </span>
            <span className="text-sm text-muted-foreground">
              {quote.billingCycle === 'yearly' ? 'a year' : 'a month'}
            </span>
            <span className="ml-auto text-sm font-medium text-primary">Breakdown</span>
          </>
        ) : (
          <span className="text-sm font-medium text-destructive">
            Fix the marked fields to see a price
          </span>
        )}
      </a>
    </div>
  );
}
