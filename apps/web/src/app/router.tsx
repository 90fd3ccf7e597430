import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { publicSiteRoutes } from './routes/public/routes';
import { paths } from '@/config/paths';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './routes/route-error-page';

/*
 * The route table: every path comes from config/paths.ts. Every page is a lazy chunk, and so
 * are the dashboard and slide layouts. The signed-in pages' routes (app/signed-in-routes.tsx)
 * are a chunk of their own too, added under the root route on the first navigation to a path
 * this table does not have: the public pages download none of the signed-in code, not even
 * its route table.
 */

const ROOT_ROUTE_ID = 'root';

const verifyEmailPage = () =>
  import('@/features/auth/pages/verify-email-page').then((m) => ({
    Component: m.VerifyEmailPage,
  }));

const sessionRoutes: RouteObject[] = [
  {
    path: paths.auth,
    lazy: () => import('@/features/auth/pages/auth-page').then((m) => ({ Component: m.AuthPage })),
  },
  {
    path: paths.register,
    lazy: () => import('@/features/auth/pages/auth-page').then((m) => ({ Component: m.AuthPage })),
  },
  {
    path: paths.devLogin,
    lazy: () =>
      import('@/features/auth/pages/dev-login-page').then((m) => ({ Component: m.DevLoginPage })),
  },
  {
    path: paths.forgotPassword,
    lazy: () =>
      import('@/features/auth/pages/forgot-password-page').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: paths.resetPassword,
    lazy: () =>
      import('@/features/auth/pages/reset-password-page').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  { path: paths.verifyEmail, lazy: verifyEmailPage },
  { path: paths.verifyRegistrationEmail, lazy: verifyEmailPage },
  {
    path: paths.magicLinkLogin,
    lazy: () =>
      import('@/features/auth/pages/magic-link-login-page').then((m) => ({
        Component: m.MagicLinkLoginPage,
      })),
  },
  {
    path: paths.magicLink,
    lazy: () =>
      import('@/features/auth/pages/magic-link-page').then((m) => ({
        Component: m.MagicLinkPage,
      })),
  },
];

function EmptyFallback() {
  return null;
}

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    // While the first lazy page loads, the static HTML stays blank rather than warning.
    HydrateFallback: EmptyFallback,
    children: [
      { path: paths.french, element: <Navigate to={paths.home} replace /> },
      // Public pages: the public site (app/routes/public/routes.tsx) and the session pages.
      {
        Component: PublicLayout,
        children: [...publicSiteRoutes, ...sessionRoutes],
      },
      {
        // Visitors may price a cluster too: the dashboard layout for members, public otherwise.
        lazy: () =>
          import('./layouts/adaptive-layout').then((m) => ({ Component: m.AdaptiveLayout })),
        children: [
          {
            path: paths.priceEstimator,
            lazy: () =>
              import('@/features/estimator/pages/price-estimator-page').then((m) => ({
                Component: m.PriceEstimatorPage,
              })),
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('./routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

/**
 * Adds the signed-in routes once, when a navigation reaches a path only the not-found route
 * matches (React Router also asks on every path with parameters, such as a tutorial's: those
 * are public pages and load nothing).
 */
export function signedInRoutesPatcher(
  load: () => Promise<RouteObject[]> = () =>
    import('./signed-in-routes').then((m) => m.signedInRoutes),
): PatchRoutesOnNavigationFunction {
  let patched = false;
  return async ({ path, patch, signal }) => {
    if (patched) return;
    const leaf = matchRoutes(routes, path)?.at(-1);
    if (leaf && leaf.route.path !== '*') return;
    const signedInRoutes = await load();
    if (patched || signal.aborted) return;
    patch(ROOT_ROUTE_ID, signedInRoutes);
    patched = true;
  };
}

/**
 * Loads the code of the routes a path matches, before the router starts: hydrating prerendered
 * HTML needs the page's components at once (a lazy route would first render nothing).
 */
export async function loadRouteModules(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: signedInRoutesPatcher() });
}
