import { Link } from 'react-router';
import type { OperatorOrganizationPage, OrganizationStatusName } from '@alpenkube/contract';
import { cn } from '@/lib/cn';
import { statusTabs } from '../labels';

/** Status tabs as links, so each has its address; pending approval shows how many wait. */
export function StatusTabs({
  current,
  counts,
  hrefOf,
}: {
  current: OrganizationStatusName | undefined;
  counts: OperatorOrganizationPage['counts'] | undefined;
  hrefOf: (status: OrganizationStatusName | undefined) => string;
}) {
  return (
    <nav aria-label="Organization status" className="max-w-full overflow-x-auto">
      <ul className="flex w-max gap-1 rounded-lg bg-muted p-1">
        {statusTabs.map((tab) => {
          const selected = tab.status === current;
          const count = tab.status && counts ? counts[tab.status] : undefined;
          return (
            <li key={tab.label}>
              <Link
                to={hrefOf(tab.status)}
                aria-current={selected ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                  selected
                    ? 'bg-background text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {tab.label}
                {tab.status === 'pending_approval' && count !== undefined ? (
                  <span
                    className={cn(
                      'rounded-full px-1.5 text-xs tabular-nums',
                      count > 0 ? 'bg-warning/25 text-foreground' : 'bg-background/60',
                    )}
                    data-testid="pending-count"
                  >
                    {count}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
