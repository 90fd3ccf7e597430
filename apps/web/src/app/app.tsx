import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProvider } from './provider';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: AppRouter }) {
  // A client-side navigation after sign-out keeps the 'Logged out successfully' toast on screen.
  const navigateAfterSignOut = (path: string) => void router.navigate(path, { replace: true });
  // From here the page's controls work (a prerendered page showed them before): a mark for
  // whatever must tell the live page from its HTML, the end-to-end tests first.
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
  }, []);
  return (
    <AppProvider onSignedOut={navigateAfterSignOut}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
