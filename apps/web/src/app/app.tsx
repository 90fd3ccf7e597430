import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { replayHeldInput } from './prerender/replay-held-input';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: AppRouter }) {
  // A client-side navigation after sign-out keeps the 'Logged out successfully' toast on screen.
  const navigateAfterSignOut = (path: string) => void router.navigate(path, { replace: true });
  // From here the page's controls work (a prerendered page showed them before): a mark for
  // whatever must tell the live page from its HTML, the end-to-end tests first, and what the
  // visitor did on the HTML meanwhile (a click, a typed value) reaches the live controls.
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
    replayHeldInput();
  }, []);
  return (
    <AppProvider onSignedOut={navigateAfterSignOut}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
