import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { clusterPageAliases, clusterTypeAliases } from '@/lib/catalog/cluster-type-routes';

/**
 * Public pages that compose features (the site's layout and texts with the catalog's prices or
 * the support feature's ticket forms). Features do not import each other, so these pages live
 * in the app layer. Every page is lazy: its own chunk.
 */

const clusterType = () =>
  import('./cluster-type-page').then((m) => ({ Component: m.ClusterTypePage }));

export const composedPublicRoutes: RouteObject[] = [
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
