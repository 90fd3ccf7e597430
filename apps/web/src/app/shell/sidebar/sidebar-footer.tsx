import { Link } from 'react-router';
import { BookOpen, LifeBuoy, LogOut } from 'lucide-react';
import { cn } from '@/lib/cn';
import { mobileSidebarFooterLinks, sidebarFooterLinks } from './sidebar-items';

type SidebarFooterProps = {
  collapsed: boolean;
  mobile: boolean;
  onLogout?: () => void;
  loggingOut?: boolean;
};

const footerIcons = [BookOpen, LifeBuoy];

export function SidebarFooter({ collapsed, mobile, onLogout, loggingOut }: SidebarFooterProps) {
  return (
    <div className="space-y-1 border-t px-3 py-3">
      {sidebarFooterLinks.map((link, index) => {
        const Icon = footerIcons[index] ?? BookOpen;
        return (
          <Link
            key={link.label}
            to={link.to}
            aria-label={collapsed ? link.label : undefined}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-accent hover:text-foreground',
              collapsed && 'justify-center px-0',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {collapsed ? null : link.label}
          </Link>
        );
      })}
      {mobile ? (
        <>
          <div className="grid grid-cols-2 gap-1 pt-2">
            {mobileSidebarFooterLinks.map((link) => (
              <Link
                key={link.label}
                to={link.to}
                className="rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                {link.label}
              </Link>
            ))}
          </div>
          <button
            type="button"
            onClick={onLogout}
            disabled={loggingOut}
            className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-destructive hover:bg-destructive/10 disabled:opacity-50"
          >
            <LogOut className="size-4" aria-hidden="true" />
            {loggingOut ? 'Logging out...' : 'Logout'}
          </button>
        </>
      ) : null}
      <p
        className={cn(
          'flex items-center gap-2 px-3 pt-2 text-xs text-muted-foreground',
          collapsed && 'justify-center px-0',
        )}
        title="System Status: Healthy"
      >
        <span className="relative flex size-2" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
          <span className="relative inline-flex size-2 rounded-full bg-success" />
        </span>
        <span className={cn(collapsed && 'sr-only')}>System Status: Healthy</span>
      </p>
    </div>
  );
}
