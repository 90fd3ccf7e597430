import type { Tier } from '@alpenkube/contract';
import { displayTierName, tierTypeForName } from '@/lib/catalog/tier-type';
import type { TierPageType } from '@/lib/catalog/cluster-type-catalog';
import { cn } from '@/lib/cn';

/** Each tier's colour as a dot; written out in full so that Tailwind generates the classes. */
const swatches: Record<TierPageType, string> = {
  blue: 'bg-blue-500',
  red: 'bg-red-500',
  green: 'bg-green-600',
  data: 'bg-teal-500',
  ai: 'bg-violet-500',
  orange: 'bg-orange-500',
  sandbox: 'bg-gray-400',
};

/** The colour a tier's name gives in parentheses, "Standard (Blue)" → "Blue"; none for others. */
export function tierColour(tier: Pick<Tier, 'name'>): string | undefined {
  return /\(([^()]+)\)\s*$/.exec(tier.name)?.[1]?.trim();
}

/** The tier's colour dot, its name as people say it, and the colour's name where it has one. */
export function TierName({
  tier,
  as: Heading = 'span',
  className,
}: {
  tier: Pick<Tier, 'name'>;
  as?: 'span' | 'h2' | 'h3';
  className?: string;
}) {
  const colour = tierColour(tier);
  return (
    <span className={cn('flex min-w-0 items-start gap-2', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'mt-1 size-3 shrink-0 rounded-full ring-2 ring-background',
          swatches[tierTypeForName(tier.name)],
        )}
      />
      <span className="min-w-0">
        <Heading className="block leading-tight font-semibold">
          {displayTierName(tier.name)}
        </Heading>
        {colour ? <span className="block text-xs text-muted-foreground">{colour}</span> : null}
      </span>
    </span>
  );
}
