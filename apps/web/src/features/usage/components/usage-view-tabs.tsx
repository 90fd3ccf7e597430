import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { hrefOfFilters, usageViewLabels, usageViews, type UsageFilters } from '../usage-range';

/** The groupings (by day, cluster or resource) as tabs: links, so each has its address. */
export function UsageViewTabs({ filters }: { filters: UsageFilters }) {
  return (
    <nav aria-label="Group usage" className="max-w-full overflow-x-auto">
      <ul className="flex w-max gap-1 rounded-lg bg-muted p-1">
        {usageViews.map((view) => {
          const current = view === filters.view;
          return (
            <li key={view}>
              <Link
                to={hrefOfFilters(filters, { view })}
                replace
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                  current
                    ? 'bg-background text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {usageViewLabels[view]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
