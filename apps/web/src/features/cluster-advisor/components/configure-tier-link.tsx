import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { TierOverview } from '../tier-overview';

/** "Configure": the wizard with the tier chosen. Its accessible name says which tier. */
export function ConfigureTierLink({
  overview,
  className,
}: {
  overview: TierOverview;
  className?: string;
}) {
  return (
    <Button asChild size="sm" className={cn('w-full', className)}>
      <Link
        to={overview.configurePath}
        aria-label={`Configure ${overview.tier.name}`}
        data-tier={overview.tier.slug}
      >
        Configure
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
