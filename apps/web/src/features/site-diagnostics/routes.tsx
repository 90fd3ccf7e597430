import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The diagnostics pages a visitor runs from the browser (the API's health, the exchange-rate
 * cache), mounted by the app router inside the public layout; each page lazy.
 */
export const siteDiagnosticsRoutes: RouteObject[] = [
  {
    path: paths.testService,
    lazy: () => import('./pages/test-service-page').then((m) => ({ Component: m.TestServicePage })),
  },
  {
    path: paths.currencyTest,
    lazy: () =>
      import('./pages/currency-test-page').then((m) => ({ Component: m.CurrencyTestPage })),
  },
];
