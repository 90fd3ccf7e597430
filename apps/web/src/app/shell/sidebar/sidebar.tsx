import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useAuth } from '@/lib/session/use-auth';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SidebarFooter } from './sidebar-footer';
import { SidebarNav } from './sidebar-nav';
import { useSidebarCounts } from './use-sidebar-counts';
import { useSidebarState } from './use-sidebar-state';

const SidebarDrawer = lazy(() =>
  import('./sidebar-drawer').then((m) => ({ default: m.SidebarDrawer })),
);

/** The dashboard sidebar: a rail of w-72 or w-16 on desktop, a drawer on mobile. */
export function Sidebar({ isMobile }: { isMobile: boolean }) {
  const { user } = useAuth();
  const counts = useSidebarCounts(Boolean(user));
  const { collapsed, setCollapsed, drawerOpen, setDrawerOpen } = useSidebarState(isMobile);
  const { pathname } = useLocation();

  // The drawer closes once the user picks a page.
  useEffect(() => setDrawerOpen(false), [pathname, setDrawerOpen]);

  // The drawer's code (Radix's dialog) loads when it first opens; the desktop rail never needs it.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (drawerOpen && !drawerLoaded) setDrawerLoaded(true);

  if (isMobile) {
    return drawerLoaded ? (
      <Suspense fallback={null}>
        <SidebarDrawer open={drawerOpen} onOpenChange={setDrawerOpen} counts={counts} />
      </Suspense>
    ) : null;
  }

  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed}
      className={cn(
        'sticky top-16 flex h-[calc(100dvh-4rem)] shrink-0 flex-col border-r bg-card/50 transition-[width] duration-200',
        collapsed ? 'w-16' : 'w-72',
      )}
    >
      <div className={cn('flex px-3 pt-3', collapsed ? 'justify-center' : 'justify-end')}>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
        </Button>
      </div>
      <SidebarNav counts={counts} collapsed={collapsed} />
      <SidebarFooter collapsed={collapsed} mobile={false} />
    </aside>
  );
}
