import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const router = createAppRouter();
// A client-side navigation after sign-out keeps the 'Logged out successfully' toast on screen.
const navigateAfterSignOut = (path: string) => void router.navigate(path, { replace: true });

export function App() {
  return (
    <AppProvider onSignedOut={navigateAfterSignOut}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
