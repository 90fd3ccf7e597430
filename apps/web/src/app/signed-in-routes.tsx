import type { RouteObject } from 'react-router';
import { paths, providerTestSlugs } from '@/config/paths';
import type { ShellRouteHandle } from './layouts/root-layout';

/*
 * The signed-in pages' route table, added to the app's routes (app/router.tsx) on the first
 * navigation to a path the public table does not have: a public page's entry script carries
 * neither these routes nor the list of every signed-in chunk they preload.
 */

const settingsPage = () =>
  import('./routes/settings-route').then((m) => ({ Component: m.SettingsRoute }));

const orderStatusPage = () =>
  import('@/features/orders/pages/order-status-page').then((m) => ({
    Component: m.OrderStatusPage,
  }));
const orderStatusListPage = () =>
  import('@/features/orders/pages/order-status-list-page').then((m) => ({
    Component: m.OrderStatusListPage,
  }));

const clusterPage = () =>
  import('@/features/clusters/pages/cluster-page').then((m) => ({ Component: m.ClusterPage }));

// The graph library (React Flow) is in these two pages' chunks only.
const clusterTopologyPage = () =>
  import('@/features/cluster-topology/pages/cluster-topology-page').then((m) => ({
    Component: m.ClusterTopologyPage,
  }));

type MemberGuard = 'MemberRoutes' | 'ClusterRoutes' | 'OrderRoutes' | 'BillingRoutes';
const guard = (name: MemberGuard) => () =>
  import('./routes/require-access').then((m) => ({ Component: m[name] }));

/**
 * The organization's own pages, behind the member guard of their area: a person whose request
 * to join is still pending sees what they wait for there, never a wall of refused requests, and
 * a member whose role does not reach the area (a billing member and clusters) is told so.
 */
const MEMBER_PAGES = new Map<string, MemberGuard>([
  [paths.myClusters, 'ClusterRoutes'],
  [paths.cluster.pattern, 'ClusterRoutes'],
  [paths.clusterDetail.pattern, 'ClusterRoutes'],
  [paths.clusterTopology.pattern, 'ClusterRoutes'],
  [paths.clusterTopologyOverview, 'ClusterRoutes'],
  [paths.clusterStatus.pattern, 'ClusterRoutes'],
  [paths.clusterProvisioning, 'ClusterRoutes'],
  [paths.clusterProvisioningAlias, 'ClusterRoutes'],
  [paths.addOns, 'ClusterRoutes'],
  [paths.orders, 'OrderRoutes'],
  [paths.checkout.pattern, 'OrderRoutes'],
  [paths.clusterOrders, 'OrderRoutes'],
  [paths.productOrders, 'OrderRoutes'],
  [paths.productOrder.pattern, 'OrderRoutes'],
  [paths.marketplace, 'OrderRoutes'],
  [paths.addonOrders, 'OrderRoutes'],
  [paths.orderStatusList, 'OrderRoutes'],
  [paths.orderStatus.pattern, 'OrderRoutes'],
  [paths.billing, 'BillingRoutes'],
  [paths.usage, 'BillingRoutes'],
  [paths.paymentSuccess, 'BillingRoutes'],
  [paths.customSolutions, 'MemberRoutes'],
]);

/** `routes` with the member pages among them moved under their area's guard. */
function guardMemberPages(routes: RouteObject[]): RouteObject[] {
  const guardOf = (route: RouteObject) =>
    route.path === undefined ? undefined : MEMBER_PAGES.get(route.path);
  const guards = [...new Set(MEMBER_PAGES.values())];
  return [
    ...routes.filter((route) => !guardOf(route)),
    ...guards.map((name) => ({
      lazy: guard(name),
      children: routes.filter((route) => guardOf(route) === name),
    })),
  ];
}

const dashboardRoutes: RouteObject[] = [
  {
    path: paths.dashboard,
    lazy: () => import('./routes/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
  { path: paths.profile, lazy: settingsPage },
  { path: paths.account, lazy: settingsPage },
  { path: paths.settings, lazy: settingsPage },
  { path: paths.simpleSettings, lazy: settingsPage },
  {
    path: paths.myClusters,
    lazy: () =>
      import('@/features/clusters/pages/my-clusters-page').then((m) => ({
        Component: m.MyClustersPage,
      })),
  },
  { path: paths.cluster.pattern, lazy: clusterPage },
  { path: paths.clusterDetail.pattern, lazy: clusterPage },
  { path: paths.clusterTopology.pattern, lazy: clusterTopologyPage },
  {
    path: paths.orders,
    lazy: () =>
      import('@/features/orders/pages/orders-page').then((m) => ({ Component: m.OrdersPage })),
  },
  {
    path: paths.checkout.pattern,
    lazy: () => import('./routes/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
  },
  {
    path: paths.clusterOrders,
    lazy: () =>
      import('@/features/orders/pages/cluster-orders-page').then((m) => ({
        Component: m.ClusterOrdersPage,
      })),
  },
  {
    path: paths.productOrders,
    lazy: () =>
      import('@/features/products/pages/product-orders-page').then((m) => ({
        Component: m.ProductOrdersPage,
      })),
  },
  {
    path: paths.productOrder.pattern,
    lazy: () =>
      import('@/features/products/pages/product-page').then((m) => ({
        Component: m.ProductPage,
      })),
  },
  {
    path: paths.marketplace,
    lazy: () =>
      import('@/features/products/pages/marketplace-page').then((m) => ({
        Component: m.MarketplacePage,
      })),
  },
  {
    path: paths.supportOrders,
    lazy: () =>
      import('@/features/support/pages/support-tickets-page').then((m) => ({
        Component: m.SupportTicketsPage,
      })),
  },
  {
    path: paths.supportOrder.pattern,
    lazy: () =>
      import('@/features/support/pages/support-ticket-page').then((m) => ({
        Component: m.SupportTicketPage,
      })),
  },
  {
    path: paths.customSolutions,
    lazy: () =>
      import('@/features/support/pages/custom-solutions-page').then((m) => ({
        Component: m.CustomSolutionsPage,
      })),
  },
  {
    // The support team (super admins): typing the URL without the role shows a refusal.
    lazy: () => import('./routes/require-access').then((m) => ({ Component: m.SuperAdminRoutes })),
    children: [
      {
        path: paths.supportQueue,
        lazy: () =>
          import('@/features/support/pages/support-queue-page').then((m) => ({
            Component: m.SupportQueuePage,
          })),
      },
      {
        path: paths.adminOrganizations,
        lazy: () =>
          import('@/features/operators/pages/organizations-page').then((m) => ({
            Component: m.OrganizationsPage,
          })),
      },
      {
        path: paths.adminOrganization.pattern,
        lazy: () =>
          import('@/features/operators/pages/organization-page').then((m) => ({
            Component: m.OrganizationPage,
          })),
      },
    ],
  },
  {
    path: paths.addonOrders,
    lazy: () =>
      import('@/features/orders/pages/addon-orders-page').then((m) => ({
        Component: m.AddonOrdersPage,
      })),
  },
  {
    path: paths.billing,
    lazy: () =>
      import('@/features/billing/pages/billing-page').then((m) => ({ Component: m.BillingPage })),
  },
  {
    // The charts' library (visx) is in this page's chunk only.
    path: paths.usage,
    lazy: () =>
      import('@/features/usage/pages/usage-page').then((m) => ({ Component: m.UsagePage })),
  },
  {
    // Compliance officers only: typing the URL without access shows a refusal, not the page.
    lazy: () => import('./routes/require-access').then((m) => ({ Component: m.OfficerRoutes })),
    children: [
      {
        path: paths.officersPanel,
        lazy: () =>
          import('@/features/officers/pages/officers-page').then((m) => ({
            Component: m.OfficersPage,
          })),
      },
    ],
  },
  {
    // An organization's admins (and super admins) manage its people.
    lazy: () => import('./routes/require-access').then((m) => ({ Component: m.OrgAdminRoutes })),
    children: [
      {
        path: paths.apiTokensAdmin,
        lazy: () =>
          import('@/features/api-tokens/pages/api-tokens-admin-page').then((m) => ({
            Component: m.ApiTokensAdminPage,
          })),
      },
      {
        path: paths.userManagement,
        lazy: () =>
          import('@/features/members/pages/user-management-page').then((m) => ({
            Component: m.UserManagementPage,
          })),
      },
      {
        path: paths.pendingRegistrations,
        lazy: () =>
          import('@/features/members/pages/pending-registrations-page').then((m) => ({
            Component: m.PendingRegistrationsPage,
          })),
      },
      {
        path: paths.promotionRequests,
        lazy: () =>
          import('@/features/members/pages/promotion-requests-page').then((m) => ({
            Component: m.PromotionRequestsPage,
          })),
      },
      {
        path: paths.organizationUsers,
        lazy: () =>
          import('@/features/members/pages/organization-users-page').then((m) => ({
            Component: m.OrganizationUsersPage,
          })),
      },
    ],
  },
  {
    path: paths.addOns,
    lazy: () =>
      import('@/features/addons/pages/addons-page').then((m) => ({ Component: m.AddonsPage })),
  },
  {
    path: paths.paymentSuccess,
    lazy: () =>
      import('@/features/orders/pages/payment-success-page').then((m) => ({
        Component: m.PaymentSuccessPage,
      })),
  },
];

const providerTestPage = () =>
  import('@/features/provider-diagnostics/pages/provider-test-page').then((m) => ({
    Component: m.ProviderTestPage,
  }));

const plainRoutes: RouteObject[] = [
  {
    path: paths.clusterTopologyOverview,
    lazy: () =>
      import('@/features/cluster-topology/pages/cluster-topology-overview-page').then((m) => ({
        Component: m.ClusterTopologyOverviewPage,
      })),
  },
  {
    path: paths.clusterSelection,
    lazy: () =>
      import('@/features/cluster-advisor/pages/cluster-selection-page').then((m) => ({
        Component: m.ClusterSelectionPage,
      })),
  },
  {
    path: paths.smartSuggestions,
    lazy: () =>
      import('@/features/cluster-advisor/pages/smart-suggestions-page').then((m) => ({
        Component: m.SmartSuggestionsPage,
      })),
  },
  ...providerTestSlugs.map((slug) => ({ path: paths.providerTest(slug), lazy: providerTestPage })),
  { path: paths.orderStatusList, lazy: orderStatusListPage },
  { path: paths.orderStatus.pattern, lazy: orderStatusPage },
  {
    path: paths.clusterStatus.pattern,
    lazy: () =>
      import('@/features/clusters/pages/cluster-status-page').then((m) => ({
        Component: m.ClusterStatusPage,
      })),
  },
];

const configurePage = () =>
  import('./routes/configure-cluster-page').then((m) => ({
    Component: m.ConfigureClusterPage,
  }));
const provisioningPage = () =>
  import('@/features/cluster-provisioning/pages/cluster-provisioning-page').then((m) => ({
    Component: m.ClusterProvisioningPage,
  }));

const slideRoutes: RouteObject[] = [
  { path: paths.configureCluster, lazy: configurePage },
  { path: paths.configureClusterAlias, lazy: configurePage },
  { path: paths.clusterProvisioning, lazy: provisioningPage },
  { path: paths.clusterProvisioningAlias, lazy: provisioningPage },
];

/** Under the root route: the session guard (its own chunk) and the signed-in layouts. */
export const signedInRoutes: RouteObject[] = [
  {
    // The session guard is its own chunk: the public pages never need it.
    lazy: () => import('./routes/require-auth').then((m) => ({ Component: m.RequireAuth })),
    children: [
      {
        handle: { dashboard: true } satisfies ShellRouteHandle,
        lazy: () =>
          import('./layouts/dashboard-layout').then((m) => ({ Component: m.DashboardLayout })),
        children: guardMemberPages(dashboardRoutes),
      },
      {
        lazy: () => import('./layouts/plain-layout').then((m) => ({ Component: m.PlainLayout })),
        children: guardMemberPages(plainRoutes),
      },
      {
        lazy: () => import('./layouts/slide-layout').then((m) => ({ Component: m.SlideLayout })),
        children: guardMemberPages(slideRoutes),
      },
    ],
  },
];
