import { formatUsd } from '@/components/pricing/format-cents';
import { useMoney } from '@/components/pricing/use-money';
import { cn } from '@/lib/cn';

/**
 * Said wherever an amount is shown converted: the conversion is for reading only, invoices and
 * charges are in US dollars. `usd` adds the exact dollar figure. Nothing while dollars show.
 */
export function UsdNote({ usd, className }: { usd?: number; className?: string }) {
  const { currency } = useMoney();
  if (currency === 'USD') return null;
  return (
    <p className={cn('text-xs text-muted-foreground', className)} data-testid="usd-note">
      {usd === undefined
        ? `Shown in ${currency} at today’s rate, rounded down; invoices are in US dollars.`
        : `Invoiced in US dollars: ${formatUsd(usd)} in total. Shown here in ${currency} at today’s rate, rounded down.`}
    </p>
  );
}
