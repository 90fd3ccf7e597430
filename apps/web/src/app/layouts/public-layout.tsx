import { Outlet } from 'react-router';

/**
 * Public pages (marketing, docs, session pages) take the full width of the shell; each page
 * sets its own sections and containers.
 */
export function PublicLayout() {
  return (
    <div className="flex flex-1 flex-col" data-layout="public">
      <Outlet />
    </div>
  );
}
