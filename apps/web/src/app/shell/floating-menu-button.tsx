import { Menu } from 'lucide-react';
import { cn } from '@/lib/cn';
import { dispatchToggleSidebar } from '@/lib/sidebar-events';

type FloatingMenuButtonProps = {
  onDashboardRoute: boolean;
  onOpenMobileMenu: () => void;
  className?: string;
};

/**
 * Touch and narrow devices get a bottom-right menu button. On dashboard routes it
 * toggles the sidebar drawer (which carries the mobile links); elsewhere it opens the menu.
 */
export function FloatingMenuButton({
  onDashboardRoute,
  onOpenMobileMenu,
  className,
}: FloatingMenuButtonProps) {
  return (
    <button
      type="button"
      data-testid="floating-menu-button"
      aria-label={onDashboardRoute ? 'Toggle sidebar' : 'Open menu'}
      onClick={onDashboardRoute ? dispatchToggleSidebar : onOpenMobileMenu}
      className={cn(
        'fixed right-5 bottom-5 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-xl ring-4 ring-background transition-transform hover:scale-105 focus-visible:ring-ring focus-visible:outline-none active:scale-95',
        className,
      )}
    >
      <Menu className="size-6" aria-hidden="true" />
    </button>
  );
}
