import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProvider } from './provider';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: AppRouter }) {
  // A client-side navigation after sign-out keeps the 'Logged out successfully' toast on screen.
  const navigateAfterSignOut = (path: string) => void router.navigate(path, { replace: true });
  return (
    <AppProvider onSignedOut={navigateAfterSignOut}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
