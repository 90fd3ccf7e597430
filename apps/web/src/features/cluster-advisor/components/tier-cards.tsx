import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { useMoney } from '@/components/pricing/use-money';
import type { TierOverview } from '../tier-overview';
import { ConfigureTierLink } from './configure-tier-link';
import { tierFacts } from './tier-facts';
import { TierName } from './tier-swatch';

// The description reads as the card's lead, across its whole width.
const listed = tierFacts.filter((fact) => fact.id !== 'purpose');

/** The same comparison on a narrow screen: a card per tier, stacked, its facts as a list. */
export function TierCards({ tiers }: { tiers: TierOverview[] }) {
  const { money } = useMoney();
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Cluster tiers">
      {tiers.map((overview) => (
        <li key={overview.tier.slug}>
          <Card className="flex h-full flex-col" data-tier={overview.tier.slug}>
            <CardHeader className="pb-3">
              <TierName tier={overview.tier} as="h2" className="text-lg" />
              <p className="text-sm text-muted-foreground">{overview.tier.description}</p>
            </CardHeader>
            <CardContent className="flex-1">
              <dl className="divide-y divide-border text-sm">
                {listed.map((fact) => (
                  <div key={fact.id} className="grid grid-cols-[8.5rem_1fr] gap-3 py-2">
                    <dt className="text-muted-foreground">{fact.label}</dt>
                    <dd className="min-w-0">{fact.value(overview, money)}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
            <CardFooter>
              <ConfigureTierLink overview={overview} />
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}
