import { useCallback, useEffect, useState } from 'react';
import { TOGGLE_SIDEBAR_EVENT } from '@/lib/sidebar-events';

const COLLAPSED_KEY = 'sidebarCollapsed';

function readCollapsed() {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Desktop: expanded or collapsed to an icon rail (remembered). Mobile: a drawer, closed at
 * first. The global toggle event flips whichever applies to the current device.
 */
export function useSidebarState(isMobile: boolean) {
  const [collapsed, setCollapsedState] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const setCollapsed = useCallback((next: boolean) => {
    setCollapsedState(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, String(next));
    } catch {
      // Not remembered; the rail still toggles.
    }
  }, []);

  useEffect(() => {
    const onToggle = () => {
      if (isMobile) setDrawerOpen((open) => !open);
      else setCollapsedState((current) => !current);
    };
    window.addEventListener(TOGGLE_SIDEBAR_EVENT, onToggle);
    return () => window.removeEventListener(TOGGLE_SIDEBAR_EVENT, onToggle);
  }, [isMobile]);

  return { collapsed, setCollapsed, drawerOpen, setDrawerOpen };
}
