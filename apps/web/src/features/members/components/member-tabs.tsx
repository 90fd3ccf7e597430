import { Link, useSearchParams } from 'react-router';
import { cn } from '@/lib/cn';
import { useMembersSummary } from '../queries';
import { useOrganizationScope } from '../use-organization-scope';

export const memberTabs = [
  'users',
  'registrations',
  'promotions',
  'invitations',
  'security',
  'organization',
  'activity',
] as const;
export type MemberTab = (typeof memberTabs)[number];

const tabLabels: Record<MemberTab, string> = {
  users: 'Users',
  registrations: 'Pending registrations',
  promotions: 'Promotion requests',
  invitations: 'Invitations',
  security: 'Require two-factor',
  organization: 'Organization',
  activity: 'Activity log',
};

export function useCurrentTab(): MemberTab {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab');
  return memberTabs.find((t) => t === tab) ?? 'users';
}

/** The hub's sections as links (`?tab=`), with what waits for an admin counted. */
export function MemberTabs() {
  const current = useCurrentTab();
  const [searchParams] = useSearchParams();
  const { organizationId } = useOrganizationScope();
  const summary = useMembersSummary(organizationId);
  const counts: Partial<Record<MemberTab, number>> = {
    registrations: summary.data?.pendingRegistrations,
    promotions: summary.data?.pendingPromotions,
    invitations: summary.data?.pendingInvitations,
  };
  const hrefOf = (tab: MemberTab) => {
    const next = new URLSearchParams(searchParams);
    if (tab === 'users') next.delete('tab');
    else next.set('tab', tab);
    return next.size ? `?${next}` : '?';
  };
  return (
    <nav aria-label="User management sections" className="-mx-1 flex gap-1 overflow-x-auto pb-1">
      {memberTabs.map((tab) => {
        const count = counts[tab];
        return (
          <Link
            key={tab}
            to={hrefOf(tab)}
            replace
            aria-current={tab === current ? 'page' : undefined}
            className={cn(
              'flex shrink-0 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground',
              tab === current && 'bg-accent text-foreground',
            )}
          >
            {tabLabels[tab]}
            {count ? (
              <span
                className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground"
                aria-label={`${count} waiting`}
              >
                {count}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
