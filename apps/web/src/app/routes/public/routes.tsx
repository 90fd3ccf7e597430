import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { clusterPageAliases, clusterTypeAliases } from '@/lib/catalog/cluster-type-routes';
import { apiReferenceRoutes } from '@/features/api-reference/routes';
import { legalRoutes } from '@/features/legal/routes';
import { marketingRoutes } from '@/features/marketing/routes';
import { siteDiagnosticsRoutes } from '@/features/site-diagnostics/routes';
import { tutorialsRoutes } from '@/features/tutorials/routes';

/**
 * Public pages that compose features (the site's layout and texts with the catalog's prices or
 * the support feature's ticket forms). Features do not import each other, so these pages live
 * in the app layer. Every page is lazy: its own chunk.
 */

const clusterType = () =>
  import('./cluster-type-page').then((m) => ({ Component: m.ClusterTypePage }));

const composedPublicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./home-page').then((m) => ({ Component: m.HomePage })) },
  {
    path: paths.pricing,
    lazy: () => import('./pricing-page').then((m) => ({ Component: m.PricingPage })),
  },
  {
    path: paths.support,
    lazy: () => import('./support-page').then((m) => ({ Component: m.SupportPage })),
  },
  {
    path: paths.technicalSupport,
    lazy: () =>
      import('./technical-support-page').then((m) => ({ Component: m.TechnicalSupportPage })),
  },
  {
    path: paths.billingSupport,
    lazy: () => import('./billing-support-page').then((m) => ({ Component: m.BillingSupportPage })),
  },
  {
    path: paths.submitTicket,
    lazy: () => import('./submit-ticket-page').then((m) => ({ Component: m.SubmitTicketPage })),
  },
  {
    path: paths.trackTicket,
    lazy: () => import('./track-ticket-page').then((m) => ({ Component: m.TrackTicketPage })),
  },
  { path: paths.clusterType.pattern, lazy: clusterType },
  ...clusterTypeAliases.map((t) => ({ path: paths.clusterTypeAlias(t), lazy: clusterType })),
  ...clusterPageAliases.map((t) => ({ path: paths.clusterTypePageAlias(t), lazy: clusterType })),
];

/**
 * Every page of the public site: the pages composed here and those of the features that make up
 * the site (marketing, tutorials, legal, API reference, diagnostics). The session pages aside.
 */
export const publicSiteRoutes: RouteObject[] = [
  ...composedPublicRoutes,
  ...marketingRoutes,
  ...tutorialsRoutes,
  ...legalRoutes,
  ...apiReferenceRoutes,
  ...siteDiagnosticsRoutes,
];
