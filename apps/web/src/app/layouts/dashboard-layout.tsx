import { Outlet } from 'react-router';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useDevice } from '@/lib/device';
import { Sidebar } from '../shell/sidebar/sidebar';

/** Signed-in pages with the sidebar: rail beside the content on desktop, drawer on mobile. */
export function DashboardLayout() {
  const { isMobile } = useDevice();
  return (
    <div className="flex flex-1" data-layout="dashboard">
      <TooltipProvider>
        <Sidebar isMobile={isMobile} />
      </TooltipProvider>
      <div className="min-w-0 flex-1 px-4 py-8 lg:px-8">
        <Outlet />
      </div>
    </div>
  );
}
