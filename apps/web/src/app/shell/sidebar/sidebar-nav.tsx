import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { useCan, useRoleReaches } from '@/lib/session/use-can';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { DEFAULT_EXPANDED, sidebarGroups, type SidebarItem } from './sidebar-items';

export type SidebarCountValues = { clusters?: number; orders?: number | string };

type SidebarNavProps = { counts: SidebarCountValues; collapsed: boolean };

const itemClass = (active: boolean, collapsed: boolean) =>
  cn(
    'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground',
    active && 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary',
    collapsed && 'justify-center px-0',
  );

function CountBadge({ value }: { value: number | string | undefined }) {
  if (value === undefined || value === null || value === '') return null;
  return (
    <span className="ml-auto rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground tabular-nums">
      {value}
    </span>
  );
}

function RailTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function GroupItem({
  item,
  count,
  expanded,
  onToggle,
}: {
  item: SidebarItem;
  count: number | string | undefined;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { pathname } = useLocation();
  const Icon = item.icon;
  const childActive = item.children?.some((child) => pathname === child.to) ?? false;
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        onClick={onToggle}
        className={itemClass(childActive && !expanded, false)}
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{item.label}</span>
        <CountBadge value={count} />
        <ChevronDown
          className={cn(
            'size-4 shrink-0 transition-transform',
            count === undefined && 'ml-auto',
            expanded && 'rotate-180',
          )}
          aria-hidden="true"
        />
      </button>
      {expanded ? (
        <ul className="mt-1 ml-5 space-y-0.5 border-l pl-3">
          {item.children?.map((child) => (
            <li key={child.to + child.label}>
              <NavLink
                to={child.to}
                end
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-foreground',
                    isActive && 'font-medium text-primary',
                  )
                }
              >
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The sidebar's navigation, full or as an icon rail. */
export function SidebarNav({ counts, collapsed }: SidebarNavProps) {
  const userManagement = useCan('orgAdmin');
  const organizations = useCan('superAdmin');
  const reaches = useRoleReaches();
  const [expanded, setExpanded] = useState<string[]>(DEFAULT_EXPANDED);
  const toggle = (id: string) =>
    setExpanded((current) =>
      current.includes(id) ? current.filter((x) => x !== id) : [...current, id],
    );

  return (
    <nav aria-label="Dashboard" className="flex-1 space-y-5 overflow-y-auto px-3 py-4">
      {sidebarGroups({ userManagement, organizations, reaches }).map((group) => (
        <div key={group.id}>
          {group.label && !collapsed ? (
            <h2 className="mb-1.5 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
              {group.label}
            </h2>
          ) : null}
          <ul className="space-y-0.5">
            {group.items.map((item) => {
              const count = item.badge ? counts[item.badge] : undefined;
              if (item.children && !collapsed) {
                return (
                  <GroupItem
                    key={item.id}
                    item={item}
                    count={count}
                    expanded={expanded.includes(item.id)}
                    onToggle={() => toggle(item.id)}
                  />
                );
              }
              const Icon = item.icon;
              const link = (
                <NavLink
                  to={item.to}
                  end
                  aria-label={collapsed ? item.label : undefined}
                  className={({ isActive }) => itemClass(isActive, collapsed)}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {collapsed ? null : (
                    <>
                      <span className="truncate">{item.label}</span>
                      <CountBadge value={count} />
                    </>
                  )}
                </NavLink>
              );
              return (
                <li key={item.id}>
                  {collapsed ? <RailTooltip label={item.label}>{link}</RailTooltip> : link}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
