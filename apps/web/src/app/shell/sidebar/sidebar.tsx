import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { useAuth } from '@/lib/session/use-auth';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SidebarFooter } from './sidebar-footer';
import { SidebarNav } from './sidebar-nav';
import { useSidebarCounts } from './use-sidebar-counts';
import { useSidebarState } from './use-sidebar-state';

/** The dashboard sidebar: a rail of w-72 or w-16 on desktop, a drawer on mobile. */
export function Sidebar({ isMobile }: { isMobile: boolean }) {
  const { user, logoutMutation } = useAuth();
  const counts = useSidebarCounts(Boolean(user));
  const { collapsed, setCollapsed, drawerOpen, setDrawerOpen } = useSidebarState(isMobile);
  const { pathname } = useLocation();

  // The drawer closes once the user picks a page.
  useEffect(() => setDrawerOpen(false), [pathname, setDrawerOpen]);

  if (isMobile) {
    return (
      <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px]" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            data-testid="sidebar-drawer"
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-background shadow-2xl outline-none"
          >
            <div className="flex items-center justify-between border-b px-4 py-3">
              <DialogPrimitive.Title className="text-base font-semibold">
                Navigation
              </DialogPrimitive.Title>
              <DialogPrimitive.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Close sidebar">
                  <X />
                </Button>
              </DialogPrimitive.Close>
            </div>
            <SidebarNav counts={counts} collapsed={false} />
            <SidebarFooter
              collapsed={false}
              mobile
              loggingOut={logoutMutation.isPending}
              onLogout={() =>
                logoutMutation.mutate(undefined, {
                  onError: (error) => console.error('Logout failed', error),
                  onSettled: () => setDrawerOpen(false),
                })
              }
            />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
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
