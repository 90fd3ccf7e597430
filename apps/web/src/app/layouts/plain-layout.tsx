import { Outlet } from 'react-router';

/** Signed-in pages without the sidebar: tools and status pages that want the whole width. */
export function PlainLayout() {
  return (
    <div className="flex-1 px-4 py-8 lg:px-8" data-layout="plain">
      <Outlet />
    </div>
  );
}
