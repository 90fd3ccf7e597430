import { ChevronDown } from 'lucide-react';
import { useMoney } from '@/components/pricing/use-money';
import { displayTierName } from '@/lib/catalog/tier-type';

/**
 * On a narrow screen the suggestion sits under the questions: this bar keeps the suggested tier
 * and its price in sight while answering, and leads to the reasons. It leaves the bottom-right
 * corner to the floating menu button.
 */
export function MobileSuggestionBar({
  tierName,
  monthly,
  panelId,
}: {
  tierName: string;
  monthly: number;
  panelId: string;
}) {
  const { money } = useMoney();
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 py-3 pr-20 pl-4 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden">
      <a
        href={`#${panelId}`}
        className="flex items-baseline gap-2 outline-none focus-visible:underline"
      >
        <span className="min-w-0 truncate font-semibold">{displayTierName(tierName)}</span>
        <span className="text-lg font-bold whitespace-nowrap tabular-nums">
          {money(monthly)}
          <span className="text-sm font-normal text-muted-foreground">/month</span>
        </span>
        <span className="sr-only">: see the suggestion and why</span>
        <ChevronDown
          className="ml-auto size-4 shrink-0 self-center text-primary"
          aria-hidden="true"
        />
      </a>
    </div>
  );
}
